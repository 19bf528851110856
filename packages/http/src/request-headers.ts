import { HeaderName } from "@affiliates/contracts";
import { buildHeaders, type BodyEncoding, type DynamicHeaders, type ExtraHeaders } from "./build-headers";
import { ClientPlatform } from "./constants";
import type { HttpClientOptions } from "./create-http-client";
import { createTraceId } from "./trace-id";

/** A request's headers for its body kind: the app's dynamic ones, the terminal type, a new trace id, the call's extras. */
export type HeadersFor = (body: BodyEncoding | "multipart", extra?: ExtraHeaders) => Promise<Record<string, string>>;

export function createHeadersFor(options: HttpClientOptions): HeadersFor {
  const getHeaders = (): Promise<DynamicHeaders> => Promise.resolve(options.getHeaders?.() ?? {});
  const newTraceId = options.newTraceId ?? (() => createTraceId());
  return async (body, extra) =>
    buildHeaders({
      dynamic: await getHeaders(),
      body,
      terminalType: options.terminalType ?? ClientPlatform.WEB,
      extra: { [HeaderName.traceId]: newTraceId(), ...extra },
    });
}
