"use client";
import {
  createBridge,
  createBridgePostTransport,
  createWebViewTransport,
  detectApp,
  NOT_IN_APP,
  isBridgeError,
  openDeepLink,
  type AppInfo,
  type Bridge,
  type DeepLinkOutcome,
  type DeepLinkParams,
  type DeepLinkTarget,
  type WebUrls,
} from "@affiliates/bridge";
import { loginPath, type Locale } from "@affiliates/locales";
import { setAppPostTransport } from "./http";
import { reportError } from "./error-reporting/report";

let appInfo: AppInfo = NOT_IN_APP;
let bridge: Bridge | null = null;

/**
 * Detects the native app (user agent or injected objects) once on the client and, inside it, creates the bridge
 * and routes the request client's POSTs through it. Outside the app nothing native is touched.
 */
export function initNativeApp(): AppInfo {
  if (bridge || typeof window === "undefined") return appInfo;
  appInfo = detectApp({ userAgent: navigator.userAgent, window });
  if (appInfo.inApp) {
    bridge = createBridge({ transport: createWebViewTransport(window), appVersion: appInfo.version });
    setAppPostTransport(createBridgePostTransport(bridge));
  }
  return appInfo;
}

export const getAppInfo = (): AppInfo => appInfo;
export const getBridge = (): Bridge | null => bridge;

/** A deep link of spec §2: inside the app through the bridge (when its version allows), else a page navigation. */
export function followDeepLink<T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T], webUrls?: Partial<WebUrls>): Promise<DeepLinkOutcome> {
  return openDeepLink(target, params, { bridge, appInfo, navigate: (url) => window.location.assign(url), webUrls });
}

type FailureListener = (error: unknown) => void;
const failureListeners = new Set<FailureListener>();

/** Bridge failures of user actions end in one translated refresh prompt (spec §8); the toast layer listens here. */
export function onBridgeFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}
export function reportBridgeFailure(error: unknown): void {
  reportError(error, { tags: { source: "bridge" }, ...(isBridgeError(error) ? { code: error.code, extra: error.extra } : {}) });
  failureListeners.forEach((listener) => listener(error));
}

/**
 * Login of spec §2: on the web, the language-prefixed /login page with `from` and `source=cms`; inside the app,
 * the app's own login, then the page reloads.
 */
export async function goToLogin(locale: Locale): Promise<void> {
  const from = `${window.location.pathname}${window.location.search}`;
  try {
    const outcome = await followDeepLink("login", {}, { login: () => loginPath(locale, from) });
    if (outcome.via === "app") window.location.reload();
  } catch (error) {
    reportBridgeFailure(error);
  }
}
