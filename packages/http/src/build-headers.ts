import { HeaderName } from "@affiliates/contracts";
import { ClientPlatform, FORM_CONTENT_TYPE, JSON_CONTENT_TYPE, type ClientPlatformValue } from "./constants";

/** The per-request dynamic values the app supplies (requirements.md §7). */
export interface DynamicHeaders {
  customToken?: string | null;
  language?: string | null;
  locale?: string | null;
  terminalCode?: string | null;
  deviceId?: string | null;
}

/** How a request's body is written (requirements.md §3's content types): JSON, or form-urlencoded like an HTML form. */
export type BodyEncoding = "json" | "form";

const CONTENT_TYPE_OF = { json: JSON_CONTENT_TYPE, form: FORM_CONTENT_TYPE, multipart: undefined } as const;

export type ExtraHeaders = Readonly<Record<string, string | null | undefined>>;

interface HeaderInput {
  dynamic: DynamicHeaders;
  /**
   * "json" for GET and JSON bodies, "form" for form-urlencoded bodies, "multipart" for uploads (no Content-Type: the
   * runtime sets the boundary).
   */
  body: BodyEncoding | "multipart";
  terminalType?: ClientPlatformValue;
  extra?: ExtraHeaders;
}

/** The headers of requirements.md §7; headers whose value is empty are left out. */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const candidates: Record<string, string | null | undefined> = {
    [HeaderName.contentType]: CONTENT_TYPE_OF[input.body],
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
