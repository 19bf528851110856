"use client";
import {
  detectApp,
  isBridgeError,
  meansBridgeDown,
  NOT_IN_APP,
  type AppInfo,
  type Bridge,
  type BridgeAvailability,
  type DeepLinkOutcome,
  type DeepLinkParams,
  type DeepLinkTarget,
  type WebUrls,
} from "@affiliates/bridge";
import { BRIDGE_TIMEOUT_MS } from "@affiliates/http";
import { loginPath, type Locale } from "@affiliates/locales";
import { reportError } from "./error-reporting/report";

let detected = false;
let appInfo: AppInfo = NOT_IN_APP;
let bridge: Bridge | null = null;
let availability: BridgeAvailability | null = null;
/** The app's part of the bridge (app-bridge.ts) while it loads: only pages inside the app download it. */
let connecting: Promise<void> | null = null;
/** That module once loaded (inside the app): its deep links are called without waiting for another import. */
let appBridge: typeof import("./app-bridge") | null = null;

/**
 * The product's POSTs through the bridge wait requirements.md §7's 8 s (`BRIDGE_TIMEOUT_MS`): the bridge's own time-out for them,
 * so an app that stays silent that long counts as gone (the bridge's default for `request`, 10 s, is for other callers).
 */
export const BRIDGE_POST_TIMEOUT_MS = BRIDGE_TIMEOUT_MS;

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
 * fetch) for the rest of the page load, and the user sees one refresh prompt. Outside the app nothing native is touched,
 * and the bridge's code is not even downloaded (issue 36): inside the app it loads now, and `nativeAppReady()` says
 * when it is connected.
 */
export function initNativeApp(): AppInfo {
  if (detected || typeof window === "undefined") return appInfo;
  detected = true;
  appInfo = detectApp({ userAgent: navigator.userAgent, window });
  if (!appInfo.inApp) return appInfo;
  const info = appInfo;
  connecting = import("./app-bridge")
    .then((loaded) => {
      appBridge = loaded;
      const connected = loaded.connectAppBridge(info, window);
      bridge = connected.bridge;
      availability = connected.availability;
      availability.onDown((error) => {
        reportError(error, {
          tags: { source: "bridge", kind: "unavailable" },
          ...(isBridgeError(error) ? { code: error.code, extra: error.extra } : {}),
        });
        promptRefresh(error);
      });
    })
    .catch((error: unknown) => {
      // Its code did not load (a failing network): the page goes on as on the web, and says a refresh may help.
      reportError(error, { tags: { source: "bridge", kind: "load" } });
      promptRefresh(error);
    });
  return appInfo;
}

/** The app detected and, inside it, its bridge connected (or known gone): at once on the web. */
export async function nativeAppReady(): Promise<AppInfo> {
  initNativeApp();
  await connecting;
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
 *
 * The bridge's deep links and version gates load with the first one (app-bridge.ts): on the web a deep link is its
 * anchor's href (components/deep-links/deep-link-anchor.tsx), so a phone's browser never downloads them.
 */
export async function followDeepLink<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
  webUrls?: Partial<WebUrls>,
): Promise<DeepLinkOutcome> {
  const navigate = (url: string) => window.location.assign(url);
  await nativeAppReady();
  const { openDeepLink } = appBridge ?? (await import("./app-bridge"));
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

let appLogin: Promise<LoginOutcome> | null = null;

/**
 * Login of requirements.md §2: on the web (and in an app whose bridge is gone), the language-prefixed /login page with `from` and
 * `source=cms`; inside the app, the app's own login (one at a time: a second tap joins the first), never the web's.
 */
export async function goToLogin(locale: Locale): Promise<LoginOutcome> {
  await nativeAppReady();
  const usable = getBridge();
  if (usable) {
    appLogin ??= import("./app-bridge")
      .then(({ loginInApp }) => loginInApp(usable, { probe: () => sessionProbe, reportFailure: reportBridgeFailure }))
      .finally(() => {
        appLogin = null;
      });
    return appLogin;
  }
  const from = `${window.location.pathname}${window.location.search}`;
  window.location.assign(loginPath(locale, from));
  return "web";
}
