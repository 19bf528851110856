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
  detectApp,
  guardBridge,
  isBridgeError,
  meansBridgeDown,
  NOT_IN_APP,
  openDeepLink,
  type AppInfo,
  type Bridge,
  type BridgeAvailability,
  type DeepLinkOutcome,
  type DeepLinkParams,
  type DeepLinkTarget,
  type WebUrls,
  watchAppLogin,
} from "@affiliates/bridge";
import { BRIDGE_TIMEOUT_MS } from "@affiliates/http";
import { isSuccessCode } from "@affiliates/contracts";
import { loginPath, type Locale } from "@affiliates/locales";
import { setAppPostTransport } from "./http";
import { reportError } from "./error-reporting/report";

let detected = false;
let appInfo: AppInfo = NOT_IN_APP;
let bridge: Bridge | null = null;
let availability: BridgeAvailability | null = null;

/**
 * The product's POSTs through the bridge wait requirements.md §7's 8 s (`BRIDGE_TIMEOUT_MS`): the bridge's own time-out for them,
 * so an app that stays silent that long counts as gone (the bridge's default for `request`, 10 s, is for other callers).
 */
const BRIDGE_POST_TIMEOUT_MS = BRIDGE_TIMEOUT_MS;

/**
 * The request client's time-out for a POST the bridge should decide: the start-up user-info call, whose bridge
 * time-out (8 s) means the bridge is gone and the page goes on as on the web. A little longer than the bridge's, so
 * the bridge's answer, not a 408, ends the wait.
 */
export const BRIDGE_DECIDES_TIMEOUT_MS = BRIDGE_POST_TIMEOUT_MS + 1_000;

/**
 * Detects the native app (user agent or injected objects) once per page load. Inside it, the bridge is created and the
 * request client's POSTs go through it, as long as the bridge works: without a native object, or after the first call
 * that times out or cannot be posted, the page behaves as on the web (web login, web pages for deep links, POSTs by
 * fetch) for the rest of the page load, and the user sees one refresh prompt. Outside the app nothing native is touched.
 */
export function initNativeApp(): AppInfo {
  if (detected || typeof window === "undefined") return appInfo;
  detected = true;
  appInfo = detectApp({ userAgent: navigator.userAgent, window });
  if (!appInfo.inApp) return appInfo;
  const transport = createWebViewTransport(window);
  if (transport.isAvailable()) {
    availability = createBridgeAvailability();
    bridge = guardBridge(createBridge({ transport, appVersion: appInfo.version }), availability);
    setAppPostTransport(
      createAppOrWebPostTransport({
        app: createBridgePostTransport(bridge, { timeoutMs: BRIDGE_POST_TIMEOUT_MS }),
        web: createWebPostTransport(),
        availability,
      }),
    );
  } else {
    // The app's user agent without its native object: nothing can reach the app, from the start.
    availability = createBridgeAvailability({
      down: new AppJSBridgeRequestActionError({ extra: { reason: "noTransport" } }),
    });
  }
  availability.onDown((error) => {
    reportError(error, {
      tags: { source: "bridge", kind: "unavailable" },
      ...(isBridgeError(error) ? { code: error.code, extra: error.extra } : {}),
    });
    promptRefresh(error);
  });
  return appInfo;
}

export const getAppInfo = (): AppInfo => appInfo;
/** True inside the app while its bridge works; false on the web and once the bridge is gone. */
export const isBridgeUsable = (): boolean => availability?.isUsable() === true;
/** The bridge while it works, else null (then do what the web page does). */
export const getBridge = (): Bridge | null => (isBridgeUsable() ? bridge : null);

/**
 * A deep link of requirements.md §2: inside the app through the bridge (when its version allows), else a page navigation. A tap
 * whose call finds the bridge gone is not lost: it opens the web page. An app that answers with an error keeps the
 * page where it is (the caller shows the refresh prompt through `reportBridgeFailure`).
 */
export async function followDeepLink<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
  webUrls?: Partial<WebUrls>,
): Promise<DeepLinkOutcome> {
  const navigate = (url: string) => window.location.assign(url);
  try {
    return await openDeepLink(target, params, { bridge: getBridge(), appInfo, navigate, webUrls });
  } catch (error) {
    if (!meansBridgeDown(error)) throw error;
    return openDeepLink(target, params, { bridge: null, appInfo, navigate, webUrls });
  }
}

type FailureListener = (error: unknown) => void;
const failureListeners = new Set<FailureListener>();
/** The page load's one refresh prompt: null until a bridge failure asks for it; `delivered` once a listener had it. */
let prompt: { error: unknown; delivered: boolean } | null = null;

/** requirements.md §8: bridge errors end in a refresh prompt, shown once per page load however many calls fail. */
function promptRefresh(error: unknown): void {
  if (prompt) return;
  prompt = { error, delivered: failureListeners.size > 0 };
  failureListeners.forEach((listener) => listener(error));
}

/**
 * The toast layer listens here for the refresh prompt: called at most once per page load, also when the failure came
 * before the listener (the bridge found missing while the page started).
 */
export function onBridgeFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  if (prompt && !prompt.delivered) {
    prompt.delivered = true;
    listener(prompt.error);
  }
  return () => failureListeners.delete(listener);
}

/** A user action's bridge call failed: a bridge that is gone was already reported and prompted for; anything else is now. */
export function reportBridgeFailure(error: unknown): void {
  if (meansBridgeDown(error)) {
    availability?.recordFailure(error);
    return;
  }
  reportError(error, {
    tags: { source: "bridge" },
    ...(isBridgeError(error) ? { code: error.code, extra: error.extra } : {}),
  });
  promptRefresh(error);
}

/** How the page learns whether the app's login changed the session (state/session.tsx sets it). */
export interface SessionProbe {
  /** The user id the page shows now (null: nobody). */
  userId(): string | null;
  /** Asks for user info again: the user id, null when not logged in, undefined when the call decided nothing. */
  check(): Promise<string | null | undefined>;
}
let sessionProbe: SessionProbe | null = null;
export function setSessionProbe(probe: SessionProbe): () => void {
  sessionProbe = probe;
  return () => {
    if (sessionProbe === probe) sessionProbe = null;
  };
}

/** How a login ended: on the login page (web), logged in (the page reloads), or not (cancelled, or the app failed). */
export type LoginOutcome = "web" | "loggedIn" | "cancelled" | "failed";

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
async function loginInApp(bridge: Bridge): Promise<LoginOutcome> {
  const before = sessionProbe?.userId() ?? null;
  const watch = watchAppLogin(bridge, {}, { visibility: document });
  const changed = async (): Promise<boolean> => {
    const now = await sessionProbe?.check();
    return typeof now === "string" && now !== before;
  };
  let answered = false;
  try {
    for (;;) {
      const signal = await watch.next();
      if (signal.kind === "failed") {
        reportBridgeFailure(signal.error);
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

let appLogin: Promise<LoginOutcome> | null = null;

/**
 * Login of requirements.md §2: on the web (and in an app whose bridge is gone), the language-prefixed /login page with `from` and
 * `source=cms`; inside the app, the app's own login (one at a time: a second tap joins the first), never the web's.
 */
export function goToLogin(locale: Locale): Promise<LoginOutcome> {
  initNativeApp();
  const usable = getBridge();
  if (usable) {
    appLogin ??= loginInApp(usable).finally(() => {
      appLogin = null;
    });
    return appLogin;
  }
  const from = `${window.location.pathname}${window.location.search}`;
  window.location.assign(loginPath(locale, from));
  return Promise.resolve("web");
}
