import { parseVersion } from "./parse-version";

/** What the app injects (requirements.md §4): Android's `addJavascriptInterface` object or iOS's WKScriptMessageHandler. */
interface NativeBridgeObject {
  postMessage(message: string): void;
}

/** The WebView globals the bridge reads and writes; every other module only sees a `BridgeTransport`. */
export interface BridgeWindow {
  ExchangeAppBridge?: NativeBridgeObject;
  webkit?: { messageHandlers?: { ExchangeAppBridge?: NativeBridgeObject } };
  __exchangeBridgeCallback?: (id: string, response: unknown) => void;
  __exchangeBridgeEvent?: (name: string, payload: unknown) => void;
}

type AppPlatform = "ios" | "android" | "unknown";

export interface AppInfo {
  inApp: boolean;
  platform: AppPlatform;
  /** The app version from the user agent; null when it is not there. */
  version: string | null;
}

export const NOT_IN_APP: AppInfo = { inApp: false, platform: "unknown", version: null };

/** `ExchangeApp/<version>` in the user agent. */
const APP_USER_AGENT_TOKEN = "ExchangeApp";
const UA_VERSION_PATTERN = /ExchangeApp\/(v?\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.-]+)?)/;

const isNativeObject = (value: unknown): value is NativeBridgeObject =>
  typeof value === "object" && value !== null && "postMessage" in value && typeof value.postMessage === "function";

/** Reads the WebView globals without assuming their shape. */
export const asBridgeWindow = (win: object): BridgeWindow => win;

export function iosBridgeObject(win: object | null | undefined): NativeBridgeObject | null {
  if (!win) return null;
  const handler = asBridgeWindow(win).webkit?.messageHandlers?.ExchangeAppBridge;
  return isNativeObject(handler) ? handler : null;
}

export function androidBridgeObject(win: object | null | undefined): NativeBridgeObject | null {
  if (!win) return null;
  const bridge = asBridgeWindow(win).ExchangeAppBridge;
  return isNativeObject(bridge) ? bridge : null;
}

/** The app's version from a user agent, or null. */
export function appVersionFromUserAgent(userAgent: string | null | undefined): string | null {
  const match = UA_VERSION_PATTERN.exec(userAgent ?? "");
  const version = match?.[1];
  return version !== undefined && parseVersion(version) !== null ? version.replace(/^v/, "") : null;
}

function platformFromUserAgent(userAgent: string): AppPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  return "unknown";
}

/**
 * Whether the page runs inside the app (requirements.md §4): by `ExchangeApp/<semver>` in the user agent or by
 * the injected bridge objects. Pure: pass the UA and window (either may be absent on the server).
 */
export function detectApp(input: { userAgent?: string | null; window?: object | null }): AppInfo {
  const userAgent = input.userAgent ?? "";
  const version = appVersionFromUserAgent(userAgent);
  const ios = iosBridgeObject(input.window);
  const android = androidBridgeObject(input.window);
  const byUserAgent = userAgent.includes(`${APP_USER_AGENT_TOKEN}/`);
  const inApp = byUserAgent || ios !== null || android !== null;
  if (!inApp) return NOT_IN_APP;
  let platform = platformFromUserAgent(userAgent);
  if (platform === "unknown") platform = ios ? "ios" : android ? "android" : "unknown";
  return { inApp, platform, version };
}
