import type { BridgeResponse } from "./actions";
import { BRIDGE_CODES } from "./codes";
import type { Bridge, CallOptions } from "./create-bridge";
import { AppRequestCallbackTimeout } from "./errors";

/**
 * Shaped as `@affiliates/http`'s `PostTransport`: path and params in, `{code, data, msg}` out.
 * Structural, so the bridge does not depend on the http package.
 */
export type BridgePostTransport = (
  path: string,
  params: unknown,
  context: { headers: Record<string, string> },
) => Promise<BridgeResponse>;

/**
 * POST through the bridge (requirements.md §7): sends the `request` action and resolves the app's answer
 * whatever its business code, so the http client settles codes (00004 there is "not logged in").
 * Rejects with the typed bridge errors when no usable answer comes, and when the app answers its own
 * time-out code 110100. The web app gives it requirements.md §7's 8 s (`options.timeoutMs`), the bridge's default for
 * `request` being 10 s.
 */
export function createBridgePostTransport(bridge: Bridge, options: CallOptions = {}): BridgePostTransport {
  return async (path, params, context) => {
    const response = await bridge.callRaw(
      "request",
      { path, params, method: "POST", headers: context.headers },
      options,
    );
    if (response.code === BRIDGE_CODES.callbackTimeout) {
      throw new AppRequestCallbackTimeout({
        code: response.code,
        msg: response.msg,
        appData: response.data,
        extra: { action: "request", path },
      });
    }
    return response;
  };
}
