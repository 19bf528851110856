import type { BridgeResponse } from "./actions";

type ReadResponse = { ok: true; response: BridgeResponse } | { ok: false; reason: "empty" | "malformed" | "noCode" };

/**
 * Normalises what the app passed to `__exchangeBridgeCallback`: an object or its JSON text.
 * The code becomes a string; a non-string msg is dropped.
 */
export function readResponse(raw: unknown): ReadResponse {
  if (raw === undefined || raw === null || raw === "") return { ok: false, reason: "empty" };
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { ok: false, reason: "malformed" };
    }
    if (value === null || value === "") return { ok: false, reason: "empty" };
  }
  if (typeof value !== "object" || value === null) return { ok: false, reason: "malformed" };
  if (!("code" in value) || (typeof value.code !== "string" && typeof value.code !== "number") || value.code === "") {
    return { ok: false, reason: "noCode" };
  }
  const response: BridgeResponse = { code: String(value.code) };
  if ("data" in value) response.data = value.data;
  if ("msg" in value && typeof value.msg === "string") response.msg = value.msg;
  return { ok: true, response };
}
