import { isSuccessCode, systemClock, type Clock } from "@affiliates/contracts";
import {
  isBridgeAction,
  isBridgeEventName,
  type BridgeAction,
  type BridgeActionParams,
  type BridgeActionResults,
  type BridgeEventName,
  type BridgeMessage,
  type BridgeResponse,
} from "./actions";
import { BRIDGE_TIMEOUTS, isBridgeTimeoutCode } from "./codes";
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnexpectedError,
  AppResponseUnknownError,
  type BridgeError,
} from "./errors";
import { readResponse } from "./read-response";
import type { BridgeTransport } from "./transport";
import { ACTION_GATES, supports, supportsAction, VERSION_GATES, type GatedFeature } from "./version-gates";

/** The timer functions the bridge uses; injected so tests drive time. */
export type BridgeClock = Pick<Clock, "setTimeout" | "clearTimeout">;

interface CreateBridgeOptions {
  transport: BridgeTransport;
  /** The app version (from `detectApp`); null when unknown, which fails every version gate. */
  appVersion: string | null;
  clock?: BridgeClock;
  idFactory?: () => string;
  defaultTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface CallOptions {
  timeoutMs?: number;
}

type BridgeEventHandler = (payload: unknown) => void;

export interface Bridge {
  readonly appVersion: string | null;
  /** Sends an action; resolves the answer's `data` on 00000/200, otherwise rejects with a `BridgeError`. */
  call<A extends BridgeAction>(
    action: A,
    params: BridgeActionParams[A],
    options?: CallOptions,
  ): Promise<BridgeActionResults[A]>;
  /**
   * Sends an action and resolves the app's whole answer `{code, data, msg}` whatever its code. Rejects only
   * when no usable answer came: AppJSBridgeRequestActionError, AppRequestCallbackTimeout (no callback),
   * AppResponseUnknownError (empty, unreadable or without a code).
   */
  callRaw<A extends BridgeAction>(
    action: A,
    params: BridgeActionParams[A],
    options?: CallOptions,
  ): Promise<BridgeResponse>;
  supports(feature: GatedFeature): boolean;
  supportsAction(action: BridgeAction): boolean;
  /** Listens to an app event; returns the unsubscribe. */
  on(event: BridgeEventName, handler: BridgeEventHandler): () => void;
  /**
   * Asks the app (≥ 2.27.0) to fire `webVisible` whenever the page becomes visible again, for `timeoutMs`.
   * Resolves the unsubscribe, or null when the app is too old (use the page's own visibility fallback).
   */
  registerWebVisible(callback: BridgeEventHandler, timeoutMs?: number): Promise<(() => void) | null>;
  /** Removes the callbacks from the window and rejects what is still pending. */
  destroy(): void;
}

function defaultIdFactory(): () => string {
  const prefix = Math.random().toString(36).slice(2, 8);
  let next = 0;
  return () => {
    next += 1;
    return `web_${prefix}_${next}`;
  };
}

interface Pending {
  action: BridgeAction;
  timeoutMs: number;
  handle: unknown;
  resolve(response: BridgeResponse): void;
  reject(error: BridgeError): void;
}

/** Turns a usable answer into data, or the typed error for its code (requirements.md §8). */
function settleBridgeResponse<T>(response: BridgeResponse, extra: Readonly<Record<string, unknown>> = {}): T {
  const { code, data, msg } = response;
  if (isSuccessCode(code)) return data as T;
  const details = { code, msg, appData: data, extra };
  if (isBridgeTimeoutCode(code)) throw new AppRequestCallbackTimeout(details);
  throw new AppResponseUnexpectedError(details);
}

/** The web side of the JS bridge: typed calls with time-outs, events and version gates. */
export function createBridge(options: CreateBridgeOptions): Bridge {
  const { transport, appVersion } = options;
  const clock = options.clock ?? systemClock;
  const nextId = options.idFactory ?? defaultIdFactory();
  const defaultTimeoutMs = options.defaultTimeoutMs ?? BRIDGE_TIMEOUTS.default;
  const requestTimeoutMs = options.requestTimeoutMs ?? BRIDGE_TIMEOUTS.request;
  const pending = new Map<string, Pending>();
  const listeners = new Map<BridgeEventName, Set<BridgeEventHandler>>();

  const settle = (id: string): Pending | undefined => {
    const entry = pending.get(id);
    if (!entry) return undefined;
    pending.delete(id);
    clock.clearTimeout(entry.handle);
    return entry;
  };

  const uninstall = transport.install({
    onCallback(id, raw) {
      const entry = settle(id);
      if (!entry) return false;
      const read = readResponse(raw);
      if (read.ok) entry.resolve(read.response);
      else {
        entry.reject(
          new AppResponseUnknownError({
            extra: { action: entry.action, id, reason: read.reason, raw: typeof raw === "string" ? raw : undefined },
          }),
        );
      }
      return true;
    },
    onEvent(name, payload) {
      if (!isBridgeEventName(name)) return;
      for (const handler of [...(listeners.get(name) ?? [])]) {
        try {
          handler(payload);
        } catch (error) {
          // One failing listener must not stop the others; surface it to the page's error handler.
          clock.setTimeout(() => {
            throw error;
          }, 0);
        }
      }
    },
  });

  function callRaw<A extends BridgeAction>(
    action: A,
    params: BridgeActionParams[A],
    callOptions: CallOptions = {},
  ): Promise<BridgeResponse> {
    return new Promise<BridgeResponse>((resolve, reject) => {
      const fail = (extra: Record<string, unknown>, cause?: unknown): void =>
        reject(new AppJSBridgeRequestActionError({ extra: { action, ...extra }, cause }));
      if (!isBridgeAction(action)) {
        fail({ reason: "unknownAction" });
        return;
      }
      if (!supportsAction(action, appVersion)) {
        const feature = ACTION_GATES[action];
        fail({ reason: "appTooOld", feature, minVersion: feature ? VERSION_GATES[feature] : undefined, appVersion });
        return;
      }
      if (!transport.isAvailable()) {
        fail({ reason: "noTransport" });
        return;
      }
      const id = nextId();
      const message = { id, action, params } as BridgeMessage;
      let text: string;
      try {
        text = JSON.stringify(message);
      } catch (cause) {
        fail({ id, reason: "unserialisable" }, cause);
        return;
      }
      const timeoutMs = callOptions.timeoutMs ?? (action === "request" ? requestTimeoutMs : defaultTimeoutMs);
      const handle = clock.setTimeout(() => {
        if (settle(id))
          reject(new AppRequestCallbackTimeout({ extra: { action, id, timeoutMs, reason: "noCallback" } }));
      }, timeoutMs);
      pending.set(id, { action, timeoutMs, handle, resolve, reject });
      try {
        transport.send(text);
      } catch (cause) {
        settle(id);
        fail({ id, reason: "postMessageThrew" }, cause);
      }
    });
  }

  async function call<A extends BridgeAction>(
    action: A,
    params: BridgeActionParams[A],
    callOptions: CallOptions = {},
  ): Promise<BridgeActionResults[A]> {
    const response = await callRaw(action, params, callOptions);
    return settleBridgeResponse<BridgeActionResults[A]>(response, { action });
  }

  function on(event: BridgeEventName, handler: BridgeEventHandler): () => void {
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    const own = set;
    // A handler added twice is two subscriptions; wrap so each unsubscribe removes only its own.
    const wrapped: BridgeEventHandler = (payload) => handler(payload);
    own.add(wrapped);
    return () => {
      own.delete(wrapped);
    };
  }

  async function registerWebVisible(
    callback: BridgeEventHandler,
    timeoutMs: number = BRIDGE_TIMEOUTS.webVisible,
  ): Promise<(() => void) | null> {
    if (!supports("webVisible", appVersion)) return null;
    const unsubscribe = on("webVisible", callback);
    try {
      await call("registerWebVisible", { timeoutMs });
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  return {
    appVersion,
    call,
    callRaw,
    supports: (feature) => supports(feature, appVersion),
    supportsAction: (action) => supportsAction(action, appVersion),
    on,
    registerWebVisible,
    destroy() {
      uninstall();
      listeners.clear();
      for (const id of [...pending.keys()]) {
        const entry = settle(id);
        entry?.reject(new AppJSBridgeRequestActionError({ extra: { action: entry.action, id, reason: "destroyed" } }));
      }
    },
  };
}
