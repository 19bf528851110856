import { androidBridgeObject, asBridgeWindow, iosBridgeObject } from "./detect-app";

export interface TransportHandlers {
  /** Returns false when the id is not one of this bridge's pending calls. */
  onCallback(id: string, response: unknown): boolean;
  onEvent(name: string, payload: unknown): void;
}

/**
 * The only thing that touches WebView globals. `send` throws when there is no native object or
 * `postMessage` throws; `install` hooks the app → web entry points and returns their removal.
 */
export interface BridgeTransport {
  isAvailable(): boolean;
  send(message: string): void;
  install(handlers: TransportHandlers): () => void;
}

export class BridgeTransportUnavailable extends Error {
  override readonly name = "BridgeTransportUnavailable";
  constructor() {
    super("No native bridge object (window.ExchangeAppBridge or window.webkit.messageHandlers.ExchangeAppBridge)");
  }
}

/**
 * The WebView transport: posts to `window.webkit.messageHandlers.ExchangeAppBridge` (iOS) or
 * `window.ExchangeAppBridge` (Android), and receives through `window.__exchangeBridgeCallback` and
 * `window.__exchangeBridgeEvent`. Callbacks for ids it does not own go on to whatever was installed before.
 */
export function createWebViewTransport(win: object): BridgeTransport {
  const w = asBridgeWindow(win);
  const native = () => iosBridgeObject(win) ?? androidBridgeObject(win);
  return {
    isAvailable: () => native() !== null,
    send(message) {
      const target = native();
      if (target === null) throw new BridgeTransportUnavailable();
      target.postMessage(message);
    },
    install(handlers) {
      const previousCallback = w.__exchangeBridgeCallback;
      const previousEvent = w.__exchangeBridgeEvent;
      const callback = (id: string, response: unknown): void => {
        if (!handlers.onCallback(String(id), response)) previousCallback?.(id, response);
      };
      const event = (name: string, payload: unknown): void => {
        handlers.onEvent(String(name), payload);
        previousEvent?.(name, payload);
      };
      w.__exchangeBridgeCallback = callback;
      w.__exchangeBridgeEvent = event;
      return () => {
        if (w.__exchangeBridgeCallback === callback) w.__exchangeBridgeCallback = previousCallback;
        if (w.__exchangeBridgeEvent === event) w.__exchangeBridgeEvent = previousEvent;
      };
    },
  };
}
