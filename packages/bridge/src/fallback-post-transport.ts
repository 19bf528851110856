import type { BridgeResponse } from "./actions";
import type { BridgeAvailability } from "./bridge-availability";
import type { BridgePostTransport } from "./post-transport";

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const defaultFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/** The `{code, data, msg}` envelope of an answer, or null when the body is not one. */
function envelopeOf(body: unknown): BridgeResponse | null {
  if (typeof body !== "object" || body === null || !("code" in body)) return null;
  const { code } = body;
  if (typeof code !== "string" && typeof code !== "number") return null;
  const response: BridgeResponse = { code: String(code) };
  if ("data" in body) response.data = body.data;
  if ("msg" in body && typeof body.msg === "string") response.msg = body.msg;
  return response;
}

/**
 * A POST as the web page makes it (same-origin fetch, JSON body, the request client's headers), shaped as a bridge
 * post transport so the request client can switch to it when the bridge is gone. An answer without an envelope
 * rejects, which the client reports as a network error.
 */
export function createWebPostTransport(fetchImpl: FetchLike = defaultFetch): BridgePostTransport {
  return async (path, params, context) => {
    const response = await fetchImpl(path, {
      method: "POST",
      headers: context.headers,
      body: JSON.stringify(params ?? {}),
      credentials: "same-origin",
    });
    let body: unknown;
    try {
      body = JSON.parse(await response.text()) as unknown;
    } catch {
      body = undefined;
    }
    const envelope = envelopeOf(body);
    if (envelope === null) throw new Error(`POST ${path} answered ${response.status} without an envelope`);
    return envelope;
  };
}

/**
 * POST through the bridge while it is usable, else as on the web. A call that was sent to the app is never sent again
 * over the web (the app may have acted on it); only calls made after the bridge went down use the web.
 */
export function createAppOrWebPostTransport(options: {
  app: BridgePostTransport;
  web: BridgePostTransport;
  availability: BridgeAvailability;
}): BridgePostTransport {
  const { app, web, availability } = options;
  return (path, params, context) => (availability.isUsable() ? app : web)(path, params, context);
}
