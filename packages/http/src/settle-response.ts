import { isSuccessCode } from "@affiliates/contracts";
import { NETWORK_ERROR_CODE } from "./constants";
import { HttpError, type HttpMethod } from "./http-error";

/** What a server or the app bridge answers: `{code, data, msg}`; code may arrive as a number. */
export interface WireEnvelope {
  code: string | number;
  data?: unknown;
  msg?: unknown;
}

export const isWireEnvelope = (value: unknown): value is WireEnvelope =>
  typeof value === "object" &&
  value !== null &&
  "code" in value &&
  (typeof value.code === "string" || typeof value.code === "number");

export interface AnswerMeta {
  url: string;
  method: HttpMethod;
  /** HTTP status; undefined for bridge answers. */
  status?: number;
  statusText?: string;
}

export type Settled<T> = { ok: true; data: T } | { ok: false; error: HttpError };

const messageOf = (msg: unknown): string => (typeof msg === "string" ? msg : "");

/**
 * The pure core of the client: turns a decoded body (undefined when it was not JSON) and
 * its HTTP status into data or a typed error (spec §7, §8).
 */
export function settleAnswer<T>(body: unknown, meta: AnswerMeta): Settled<T> {
  const { url, method, status } = meta;
  const httpOk = status === undefined || (status >= 200 && status < 300);
  if (isWireEnvelope(body)) {
    const code = String(body.code);
    if (isSuccessCode(code) && httpOk) return { ok: true, data: body.data as T };
    if (!isSuccessCode(code)) {
      return { ok: false, error: new HttpError({ code, msg: messageOf(body.msg), kind: "business", url, method, status }) };
    }
  }
  if (!httpOk && status !== undefined) {
    return {
      ok: false,
      error: new HttpError({ code: String(status), msg: meta.statusText ?? "", kind: "http", url, method, status }),
    };
  }
  // A 2xx (or bridge) answer that is empty, not JSON or without a code: treated as a network error.
  return {
    ok: false,
    error: new HttpError({ code: NETWORK_ERROR_CODE, msg: "Unexpected response", kind: "network", url, method, status }),
  };
}

/** Reads a fetch Response body as JSON; undefined when it is empty or not JSON. */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
