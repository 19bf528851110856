import type { BridgeResponse, LoginParams } from "./actions";
import { BRIDGE_TIMEOUTS } from "./codes";
import type { Bridge, BridgeClock } from "./create-bridge";

/**
 * What may mean the app's login has ended, in the order it happens:
 * - `answered`: the app answered the `login` message (with `code`: a success code, or its cancel / error code);
 * - `visible`: the page is visible again (the app's `webVisible` or `resume` event, or the document became visible
 *   after it was hidden): the login screen is gone, whether or not anyone logged in;
 * - `expired`: nothing came within the wait (the visible-callback's 1 h, requirements.md §9);
 * - `failed`: the message could not be posted (`error`: the BridgeError).
 */
export type LoginSignal =
  { kind: "answered"; code: string } | { kind: "visible" } | { kind: "expired" } | { kind: "failed"; error: unknown };

export interface LoginWatch {
  /** The next signal (signals that came before the call wait in order; `expired` and `failed` repeat once reached). */
  next(): Promise<LoginSignal>;
  /** Stops listening (the `login` message itself cannot be taken back; a late answer is ignored). */
  stop(): void;
}

/** The page's visibility, as `document` gives it (a test passes a stand-in). */
export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export interface LoginWatchOptions {
  visibility?: VisibilitySource | null;
  clock?: BridgeClock;
  /** How long to wait for any sign at all; the visible-callback's default (1 h) unless given. */
  timeoutMs?: number;
}

/**
 * Sends `login` and waits the way the visible-callback does (docs/bridge.md §3): not the 3 s of an ordinary call, but
 * until the app answers or the page is visible again, for at most an hour. The app's answer does not say that a
 * session exists (an app may answer as its login screen opens): the caller checks the session at each signal.
 */
export function watchAppLogin(bridge: Bridge, params: LoginParams, options: LoginWatchOptions = {}): LoginWatch {
  const clock = options.clock ?? {
    setTimeout: globalThis.setTimeout.bind(globalThis),
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
  };
  const timeoutMs = options.timeoutMs ?? BRIDGE_TIMEOUTS.webVisible;
  const queue: LoginSignal[] = [];
  const waiters: ((signal: LoginSignal) => void)[] = [];
  let final: LoginSignal | null = null;
  let stopped = false;

  const push = (signal: LoginSignal): void => {
    if (stopped || final) return;
    if (signal.kind === "expired" || signal.kind === "failed") final = signal;
    const waiter = waiters.shift();
    if (waiter) waiter(signal);
    else queue.push(signal);
  };

  const offs: (() => void)[] = [
    bridge.on("webVisible", () => push({ kind: "visible" })),
    bridge.on("resume", () => push({ kind: "visible" })),
  ];
  const visibility = options.visibility;
  if (visibility) {
    let hidden = visibility.visibilityState === "hidden";
    const onChange = () => {
      if (visibility.visibilityState === "hidden") hidden = true;
      else if (hidden) {
        hidden = false;
        push({ kind: "visible" });
      }
    };
    visibility.addEventListener("visibilitychange", onChange);
    offs.push(() => visibility.removeEventListener("visibilitychange", onChange));
  }
  const timer = clock.setTimeout(() => push({ kind: "expired" }), timeoutMs);
  offs.push(() => clock.clearTimeout(timer));

  // The call's own time-out is past the wait's, so the wait decides; callRaw hands back cancel codes as answers.
  bridge.callRaw("login", params, { timeoutMs: timeoutMs + 1_000 }).then(
    (response: BridgeResponse) => push({ kind: "answered", code: String(response.code) }),
    (error: unknown) => push({ kind: "failed", error }),
  );

  return {
    next() {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (final) return Promise.resolve(final);
      return new Promise((resolve) => waiters.push(resolve));
    },
    stop() {
      if (stopped) return;
      stopped = true;
      offs.forEach((off) => off());
      // Whoever still waits learns that nothing more will come.
      waiters.splice(0).forEach((resolve) => resolve({ kind: "expired" }));
    },
  };
}
