import type { BridgeAction } from "./actions";
import type { BridgeAvailability } from "./bridge-availability";
import type { Bridge } from "./create-bridge";
import { AppJSBridgeRequestActionError, AppRequestCallbackTimeout } from "./errors";

const unavailable = (action: BridgeAction): AppJSBridgeRequestActionError =>
  new AppJSBridgeRequestActionError({ extra: { action, reason: "bridgeUnavailable" } });

/**
 * The bridge as the page uses it: every failed call is recorded in `availability`; once the bridge is down, new calls
 * reject at once (nothing is posted, no time-out is waited for) and calls still waiting for an answer reject too, so
 * whatever waits on them (the start-up user-info call) can go on as on the web without its own time-out.
 */
export function guardBridge(bridge: Bridge, availability: BridgeAvailability): Bridge {
  async function watch<T>(action: BridgeAction, run: () => Promise<T>): Promise<T> {
    if (!availability.isUsable()) throw unavailable(action);
    let off: () => void = () => undefined;
    const goneMeanwhile = new Promise<never>((_resolve, reject) => {
      off = availability.onDown(() => reject(unavailable(action)));
    });
    try {
      return await Promise.race([run(), goneMeanwhile]);
    } catch (error) {
      // The app's login waits on a person, not on the app: its silence says nothing about the bridge.
      if (!(action === "login" && error instanceof AppRequestCallbackTimeout)) availability.recordFailure(error);
      throw error;
    } finally {
      off();
    }
  }

  return {
    appVersion: bridge.appVersion,
    call: (action, params, options) => watch(action, () => bridge.call(action, params, options)),
    callRaw: (action, params, options) => watch(action, () => bridge.callRaw(action, params, options)),
    supports: (feature) => bridge.supports(feature),
    supportsAction: (action) => bridge.supportsAction(action),
    on: (event, handler) => bridge.on(event, handler),
    async registerWebVisible(callback, timeoutMs) {
      // Not cut short when the bridge goes down meanwhile: a registration that still succeeds must keep its unsubscribe.
      if (!availability.isUsable()) throw unavailable("registerWebVisible");
      try {
        return await bridge.registerWebVisible(callback, timeoutMs);
      } catch (error) {
        availability.recordFailure(error);
        throw error;
      }
    },
    destroy: () => bridge.destroy(),
  };
}
