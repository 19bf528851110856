"use client";
import {
  AppJSBridgeRequestActionError,
  BRIDGE_TIMEOUTS,
  createAppOrWebPostTransport,
  createBridge,
  createBridgeAvailability,
  createBridgePostTransport,
  createWebPostTransport,
  createWebViewTransport,
  guardBridge,
  watchAppLogin,
  type AppInfo,
  type Bridge,
  type BridgeAvailability,
} from "@affiliates/bridge";
import { isSuccessCode } from "@affiliates/contracts";
import { setAppPostTransport } from "./http";
import { BRIDGE_POST_TIMEOUT_MS, type LoginOutcome, type SessionProbe } from "./native-app";

// The deep links' bridge side (version gates included), for native-app.ts's followDeepLink: loaded in the app only.
export { openDeepLink } from "@affiliates/bridge";

/**
 * The native app's side of the bridge: only a page inside the app loads this module (native-app.ts imports it when it
 * detects the app), so a phone's browser never downloads the bridge's transports, its guard or the app's login.
 */

/**
 * Connects to the app: the bridge over its WebView object, guarded by one availability per page load, with the request
 * client's POSTs through it while it works. Without the native object (the app's user agent alone), nothing can reach
 * the app: unavailable from the start.
 */
export function connectAppBridge(
  appInfo: AppInfo,
  win: Window,
): { bridge: Bridge | null; availability: BridgeAvailability } {
  const transport = createWebViewTransport(win);
  if (!transport.isAvailable()) {
    return {
      bridge: null,
      availability: createBridgeAvailability({
        down: new AppJSBridgeRequestActionError({ extra: { reason: "noTransport" } }),
      }),
    };
  }
  const availability = createBridgeAvailability();
  const bridge = guardBridge(createBridge({ transport, appVersion: appInfo.version }), availability);
  setAppPostTransport(
    createAppOrWebPostTransport({
      app: createBridgePostTransport(bridge, { timeoutMs: BRIDGE_POST_TIMEOUT_MS }),
      web: createWebPostTransport(),
      availability,
    }),
  );
  return { bridge, availability };
}

/** What the app's login needs of the page: the session as it is now, and where a failed bridge call is reported. */
export interface AppLoginContext {
  probe: () => SessionProbe | null;
  reportFailure: (error: unknown) => void;
}

/** When a reload for a new session happened, so a second one within this time is not made (no reload loop). */
const LOGIN_RELOAD_KEY = "app_login_reload_at";
const LOGIN_RELOAD_GUARD_MS = 30_000;

function reloadOnce(): void {
  try {
    const last = Number(window.sessionStorage.getItem(LOGIN_RELOAD_KEY) ?? 0);
    if (Date.now() - last < LOGIN_RELOAD_GUARD_MS) return; // the session state is already shown in place
    window.sessionStorage.setItem(LOGIN_RELOAD_KEY, String(Date.now()));
  } catch {
    // No session storage: reload anyway; the new page finds the session, so it does not ask again.
  }
  window.location.reload();
}

/**
 * The app's login, waited for as the visible-callback waits (until the page is visible again, at most an hour), with
 * the session checked at each sign: the page reloads once, and only when the session really changed. An answer
 * without a session (an app that answers as its login screen opens) keeps the wait; the page visible again without
 * one, a cancel code or the hour's end leave the page as it was.
 */
export async function loginInApp(bridge: Bridge, { probe, reportFailure }: AppLoginContext): Promise<LoginOutcome> {
  const before = probe()?.userId() ?? null;
  const watch = watchAppLogin(bridge, {}, { visibility: document });
  const changed = async (): Promise<boolean> => {
    const now = await probe()?.check();
    return typeof now === "string" && now !== before;
  };
  let answered = false;
  try {
    for (;;) {
      const signal = await watch.next();
      if (signal.kind === "failed") {
        reportFailure(signal.error);
        return "failed";
      }
      if (await changed()) {
        reloadOnce();
        return "loggedIn";
      }
      if (signal.kind === "expired") return "cancelled";
      if (signal.kind === "answered") {
        if (!isSuccessCode(signal.code)) return "cancelled";
        answered = true;
        continue;
      }
      // Visible again without a session: the app's answer, when still to come, has an ordinary call's time to say so.
      if (answered) return "cancelled";
      const late = await Promise.race([
        watch.next(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), BRIDGE_TIMEOUTS.default)),
      ]);
      if (late?.kind === "answered" && isSuccessCode(late.code) && (await changed())) {
        reloadOnce();
        return "loggedIn";
      }
      return "cancelled";
    }
  } finally {
    watch.stop();
  }
}
