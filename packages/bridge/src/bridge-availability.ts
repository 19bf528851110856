import { AppJSBridgeRequestActionError, AppRequestCallbackTimeout, AppResponseUnknownError } from "./errors";

/**
 * Why a call could not reach a working app: no native object, `postMessage` threw, or the bridge was already
 * known to be gone. (An app too old for an action, or an unknown action, says nothing about the bridge itself.)
 */
const BRIDGE_DOWN_REASONS = ["noTransport", "postMessageThrew", "bridgeUnavailable"] as const;

/**
 * True for the failures that show there is no working bridge: no callback in time (or the app's own time-out
 * code), an empty or unreadable answer, or a call that could not be posted. An app that answers with an error
 * code (`AppResponseUnexpectedError`) is there and working: that is not one of them.
 */
export function meansBridgeDown(error: unknown): boolean {
  if (error instanceof AppRequestCallbackTimeout || error instanceof AppResponseUnknownError) return true;
  return (
    error instanceof AppJSBridgeRequestActionError &&
    (BRIDGE_DOWN_REASONS as readonly unknown[]).includes(error.extra.reason)
  );
}

type BridgeDownListener = (error: unknown) => void;

/**
 * Whether the page may use the bridge: decided once per page load. Usable until the first failure that means the
 * bridge is down; from then on the page works as on the web, and never goes back.
 */
export interface BridgeAvailability {
  isUsable(): boolean;
  /** Records a failed call. Returns true when this failure is the one that made the bridge unusable. */
  recordFailure(error: unknown): boolean;
  /** Called once, with the failure that decided it, when the bridge becomes unusable (at once if it already is). */
  onDown(listener: BridgeDownListener): () => void;
}

interface BridgeAvailabilityOptions {
  /** Set when the bridge is known to be missing from the start (e.g. the app's user agent but no native object). */
  down?: unknown;
}

export function createBridgeAvailability(options: BridgeAvailabilityOptions = {}): BridgeAvailability {
  let down: { error: unknown } | null = "down" in options ? { error: options.down } : null;
  const listeners = new Set<BridgeDownListener>();

  return {
    isUsable: () => down === null,
    recordFailure(error) {
      if (down !== null || !meansBridgeDown(error)) return false;
      down = { error };
      const notified = [...listeners];
      listeners.clear();
      for (const listener of notified) listener(error);
      return true;
    },
    onDown(listener) {
      if (down !== null) {
        listener(down.error);
        return () => undefined;
      }
      // Wrapped so the same function subscribed twice is two subscriptions, each removed by its own unsubscribe.
      const own: BridgeDownListener = (error) => listener(error);
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
  };
}
