import { HeaderName } from "@affiliates/contracts";
import { ClientPlatform, JSON_CONTENT_TYPE, type ClientPlatformValue } from "./constants";

/** The per-request dynamic values the app supplies (spec §7). */
export interface DynamicHeaders {
  customToken?: string | null;
  language?: string | null;
  locale?: string | null;
  terminalCode?: string | null;
  deviceId?: string | null;
}

export type ExtraHeaders = Readonly<Record<string, string | null | undefined>>;

interface HeaderInput {
  dynamic: DynamicHeaders;
  /** "json" for GET/POST, "multipart" for uploads (no Content-Type: the runtime sets the boundary). */
  body: "json" | "multipart";
  terminalType?: ClientPlatformValue;
  extra?: ExtraHeaders;
}

/** The headers of spec §7; headers whose value is empty are left out. */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const candidates: Record<string, string | null | undefined> = {
    [HeaderName.contentType]: input.body === "json" ? JSON_CONTENT_TYPE : undefined,
    [HeaderName.customToken]: input.dynamic.customToken,
    [HeaderName.language]: input.dynamic.language,
    [HeaderName.locale]: input.dynamic.locale,
    [HeaderName.terminalType]: String(input.terminalType ?? ClientPlatform.WEB),
    [HeaderName.terminalCode]: input.dynamic.terminalCode,
    [HeaderName.deviceId]: input.dynamic.deviceId,
    ...input.extra,
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(candidates)) {
    if (value !== undefined && value !== null && value !== "") headers[name] = value;
  }
  return headers;
}
