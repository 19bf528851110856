import { isSuccessCode } from "@affiliates/contracts";
import type { EndpointName } from "@affiliates/contracts/endpoints";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
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

/** Turns a successful envelope's `data` into the caller's type, or throws when it does not fit. */
export type AnswerReader<T> = (data: unknown) => Promise<T>;

const messageOf = (msg: unknown): string => (typeof msg === "string" ? msg : "");

/**
 * The pure core of the client: turns a decoded body (undefined when it was not JSON) and
 * its HTTP status into data or a typed error (requirements.md §7, §8).
 */
export function settleAnswer(body: unknown, meta: AnswerMeta): Settled<unknown> {
  const { url, method, status } = meta;
  const httpOk = status === undefined || (status >= 200 && status < 300);
  if (isWireEnvelope(body)) {
    const code = String(body.code);
    if (isSuccessCode(code) && httpOk) return { ok: true, data: body.data };
    if (!isSuccessCode(code)) {
      return {
        ok: false,
        error: new HttpError({ code, msg: messageOf(body.msg), kind: "business", url, method, status }),
      };
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
    error: new HttpError({
      code: NETWORK_ERROR_CODE,
      msg: "Unexpected response",
      kind: "network",
      url,
      method,
      status,
    }),
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

/** Thrown by an answer reader when the data does not fit the endpoint's answer schema. */
export class AnswerMismatchError extends Error {
  override readonly name = "AnswerMismatchError";
}

/**
 * The reader of an endpoint's answer. In tests and development the data is checked against the entry's answer schema
 * (endpoint-schemas, loaded on demand, so zod never reaches the production first-load JS) and a mismatch throws
 * naming the field; in production the data is typed only. The data is handed on as it came (never the parsed copy),
 * so development sees what production sees.
 */
export function endpointAnswer<N extends EndpointName>(name: N): AnswerReader<EndpointAnswer<N>> {
  // The check sits inside the constant branch, so a production bundle drops it and its import (no schema chunk at all).
  if (process.env.NODE_ENV !== "production") {
    return async (data) => {
      const { ENDPOINT_SCHEMAS } = await import("@affiliates/contracts/endpoint-schemas");
      const checked = ENDPOINT_SCHEMAS[name].answer.safeParse(data);
      if (!checked.success) {
        const issues = checked.error.issues
          .map((issue) => `${issue.path.join(".") || "data"}: ${issue.message}`)
          .join("; ");
        throw new AnswerMismatchError(`${name}: answer does not match its schema (${issues})`);
      }
      return data as EndpointAnswer<N>;
    };
  }
  return (data) => Promise.resolve(data as EndpointAnswer<N>);
}
