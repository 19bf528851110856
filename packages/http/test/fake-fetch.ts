import type { FetchLike } from "../src";

export interface RecordedCall {
  url: string;
  init: RequestInit;
}

export type Responder = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that records its calls and answers with `respond`; it rejects when its signal aborts. */
export function createFakeFetch(respond: Responder): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = (url, init) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(respond(call));
  };
  return { fetch, calls };
}

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const envelope = (code: string | number, data: unknown = null, msg = ""): Response =>
  jsonResponse({ code, data, msg });

/** A fetch that never answers but rejects with an AbortError once its signal aborts. */
export function createHangingFetch(): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  };
  return { fetch, calls };
}

/** Header record of a recorded call (the client always passes a plain object). */
export const headersOf = (call: RecordedCall | undefined): Record<string, string> =>
  (call?.init.headers ?? {}) as Record<string, string>;
