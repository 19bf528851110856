import type { BridgeMessage, BridgeTransport, TransportHandlers } from "../src";

export interface FakeTransport {
  transport: BridgeTransport;
  sent: BridgeMessage[];
  lastSent(): BridgeMessage;
  answer(id: string, response?: unknown): boolean;
  emit(name: string, payload?: unknown): void;
  installed(): boolean;
  setAvailable(available: boolean): void;
  throwOnSend(error: Error): void;
}

/** A transport the test drives: records what the bridge posts and plays the app's callbacks. */
export function createFakeTransport(): FakeTransport {
  const sent: BridgeMessage[] = [];
  let handlers: TransportHandlers | null = null;
  let available = true;
  let sendError: Error | undefined = undefined;
  const current = (): TransportHandlers => {
    if (handlers === null) throw new Error("transport not installed");
    return handlers;
  };
  return {
    transport: {
      isAvailable: () => available,
      send(text) {
        if (sendError !== undefined) throw sendError;
        sent.push(JSON.parse(text) as BridgeMessage);
      },
      install(h) {
        handlers = h;
        return () => {
          handlers = null;
        };
      },
    },
    sent,
    lastSent() {
      const message = sent[sent.length - 1];
      if (!message) throw new Error("nothing sent");
      return message;
    },
    answer: (id, response) => current().onCallback(id, response),
    emit: (name, payload) => current().onEvent(name, payload),
    installed: () => handlers !== null,
    setAvailable(value) {
      available = value;
    },
    throwOnSend(error) {
      sendError = error;
    },
  };
}

export type Tracked<T> = { state: "pending" } | { state: "resolved"; value: T } | { state: "rejected"; error: unknown };

/** Observes a promise's state without awaiting it, so fake-timer tests can check "still pending". */
export function track<T>(promise: Promise<T>): { readonly current: Tracked<T> } {
  const box: { current: Tracked<T> } = { current: { state: "pending" } };
  promise.then(
    (value) => {
      box.current = { state: "resolved", value };
    },
    (error: unknown) => {
      box.current = { state: "rejected", error };
    },
  );
  return box;
}

/** Counter ids: web_1, web_2, ... */
export const counterIds = (): (() => string) => {
  let n = 0;
  return () => {
    n += 1;
    return `web_${n}`;
  };
};
