import { defaultStorage, systemClock, type StorageLike } from "@affiliates/contracts";
import { appEndpointUrl } from "@affiliates/contracts/app-endpoints";
import { ANALYTICS_LIMITS } from "./constants";
import type { AnalyticsPlugin } from "./pipeline";
import type { AnalyticsEvent } from "./types";
import type { ParsedUserAgent } from "./ua-fields";
import {
  browserGlobal,
  type ClockLike,
  type ConsoleLike,
  type DocumentLike,
  type EventTargetLike,
  type FetchLike,
  type LocationLike,
  type NavigatorLike,
  type ScreenLike,
  type SendBeaconLike,
} from "./world";

export interface AnalyticsOptions {
  appId: string;
  appName: string;
  /** The front end's version (`ver`). */
  version: string;
  /** `pre`, `online` or `…test<1–2 digits>`; anything else: nothing is uploaded (one warning). */
  logEnv: string;
  /** `{report base}/v1/buried/log/info`. */
  reportUrl?: string;
  /** `{config base}/v1/mix/public/clientCommonConfig`. */
  configUrl?: string;
  fetch?: FetchLike;
  /** `navigator.sendBeacon`; null: never beacon. */
  sendBeacon?: SendBeaconLike | null;
  storage?: StorageLike;
  clock?: ClockLike;
  document?: DocumentLike;
  /** Where `pagehide` / `pageshow` fire (the window). */
  window?: EventTargetLike;
  location?: LocationLike;
  navigator?: NavigatorLike;
  /**
   * The navigator's user agent, parsed: by the web server that served the page, or by `parseUserAgent` /
   * `parseUserAgentInSteps` (`@affiliates/analytics/user-agent`).
   */
  parsedUserAgent: ParsedUserAgent;
  screen?: ScreenLike;
  console?: ConsoleLike;
  /** Ids, the session's random part and the retry jitter; `Math.random` by default. */
  random?: () => number;
  /** Inside the app: events go to the bridge instead of HTTP. */
  bridgeTransport?: (events: AnalyticsEvent[]) => Promise<void>;
  /** `sys` is "app H5" inside the app; defaults to whether a bridge transport is given. */
  inApp?: boolean;
  getUid?: () => string | null | undefined;
  /** The device id (terminal code / fingerprint); a random id kept in storage when absent. */
  getDeviceId?: () => string | null | undefined;
  /** Extra pipeline steps, run after the built-in validate / before merge. */
  plugins?: readonly AnalyticsPlugin[];
  maxQueue?: number;
  timezoneOffset?: number;
}

/** The injected world with its defaults filled in: `createAnalytics` reads nothing else from the options' world. */
export interface ResolvedWorld {
  clock: ClockLike;
  storage: StorageLike;
  log: ConsoleLike;
  random: () => number;
  document: DocumentLike;
  /** Where `pagehide` / `pageshow` fire. */
  win: EventTargetLike;
  location: LocationLike;
  navigator: NavigatorLike;
  screen: ScreenLike;
  /** Undefined where there is no fetch: nothing is uploaded then (no bridge either). */
  fetchImpl: FetchLike | undefined;
  sendBeacon: SendBeaconLike | null;
  reportUrl: string;
  configUrl: string;
  maxQueue: number;
}

const EMPTY_LOCATION: LocationLike = { href: "", host: "", pathname: "", search: "" };
const noopTarget: EventTargetLike = { addEventListener: () => undefined, removeEventListener: () => undefined };
const EMPTY_DOCUMENT: DocumentLike = { ...noopTarget, title: "", referrer: "" };

/** What the options give, else the browser's globals, else inert stand-ins (server rendering, tests). */
export function resolveWorld(options: AnalyticsOptions): ResolvedWorld {
  const globalNavigator = browserGlobal<{ sendBeacon?: (url: string, data: Blob) => boolean }>("navigator");
  return {
    clock: options.clock ?? systemClock,
    storage: options.storage ?? defaultStorage(),
    log: options.console ?? console,
    random: options.random ?? Math.random,
    document: options.document ?? browserGlobal<DocumentLike>("document") ?? EMPTY_DOCUMENT,
    win: options.window ?? browserGlobal<EventTargetLike>("window") ?? noopTarget,
    location: options.location ?? browserGlobal<LocationLike>("location") ?? EMPTY_LOCATION,
    navigator: options.navigator ?? browserGlobal<NavigatorLike>("navigator") ?? { userAgent: "" },
    screen: options.screen ?? browserGlobal<ScreenLike>("screen") ?? { width: 0, height: 0 },
    fetchImpl:
      options.fetch ?? (typeof globalThis.fetch === "function" ? globalThis.fetch.bind(globalThis) : undefined),
    sendBeacon:
      options.sendBeacon === undefined
        ? typeof globalNavigator?.sendBeacon === "function"
          ? (url, data) => globalNavigator.sendBeacon?.(url, data) ?? false
          : null
        : options.sendBeacon,
    reportUrl: options.reportUrl ?? appEndpointUrl("analyticsIngest"),
    configUrl: options.configUrl ?? appEndpointUrl("clientCommonConfig"),
    maxQueue: options.maxQueue ?? ANALYTICS_LIMITS.maxQueue,
  };
}
