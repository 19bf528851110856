import { DEVICE_TOKEN_STATUS, type DeviceTokenStatus } from "./constants";

type StatusListener = (status: DeviceTokenStatus) => void;

/** The client's status and current token, the listeners told of each change, and the init() callers waiting. */
export interface TokenStatus {
  status(): DeviceTokenStatus;
  /** The token that came with the status ("" for error and timeout). */
  token(): string;
  /** Sets status and token and tells the listeners; `settleNow` (default: no refresh running) resolves waiters. */
  set(next: DeviceTokenStatus, token: string, settleNow?: boolean): void;
  /** Resolves the waiters with the status, unless it is still not_initialised. */
  settleWaiters(): void;
  /** Settles with the first status other than not_initialised that settleWaiters hands over. */
  nextSettled(): Promise<DeviceTokenStatus>;
  subscribe(listener: StatusListener): () => void;
}

/**
 * The status state machine of requirements.md §4. `isRefreshing` says whether a refresh is running: during one,
 * waiters are resolved at its end, so a refresh() right after init() starts a new one.
 */
export function createTokenStatus(isRefreshing: () => boolean): TokenStatus {
  let status: DeviceTokenStatus = DEVICE_TOKEN_STATUS.notInitialised;
  let current = "";
  const listeners = new Set<StatusListener>();
  let waiters: StatusListener[] = [];

  function settleWaiters(): void {
    if (status === DEVICE_TOKEN_STATUS.notInitialised) return;
    const settled = waiters;
    waiters = [];
    for (const resolve of settled) resolve(status);
  }

  return {
    status: () => status,
    token: () => current,
    set(next, token, settleNow = !isRefreshing()) {
      status = next;
      current = token;
      if (settleNow) settleWaiters();
      for (const listener of [...listeners]) listener(next);
    },
    settleWaiters,
    nextSettled: () => new Promise<DeviceTokenStatus>((resolve) => waiters.push(resolve)),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
