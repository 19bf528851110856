import { compactParams, type Compacted } from "@affiliates/contracts";
import type { BridgeActionParams } from "./actions";
import type { Bridge } from "./create-bridge";
import {
  WEB_FALLBACK_URLS,
  type DeepLinkParams,
  type DeepLinkTarget,
  type WebUrlBuilder,
  type WebUrls,
} from "./deep-links";
import type { AppInfo } from "./detect-app";
import { supports, type GatedFeature } from "./version-gates";

/** Every deep-link target of requirements.md §2 with its bridge action and version gate (login has none). */
export const DEEP_LINK_TARGETS = {
  login: { action: "login", feature: null },
  coinPage: { action: "openCoinPage", feature: "coinPage" },
  contract: { action: "openContract", feature: "contract" },
  deposit: { action: "openDeposit", feature: "deposit" },
  couponCenter: { action: "openCouponCenter", feature: "coupon" },
  h5Router: { action: "openH5Router", feature: "h5Router" },
  financialAssets: { action: "openFinancialAssets", feature: "financialAssets" },
  savings: { action: "openSavings", feature: "savings" },
} as const satisfies Record<DeepLinkTarget, { action: keyof BridgeActionParams; feature: GatedFeature | null }>;

/** The message params the app receives for a target: compacted, and for the router the url encoded. */
function deepLinkMessageParams<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
): Compacted<DeepLinkParams[T]> {
  const compacted = compactParams(params);
  if (target === "h5Router" && "url" in compacted && typeof compacted.url === "string") {
    return { ...compacted, url: encodeURIComponent(compacted.url) };
  }
  return compacted;
}

/** Only http(s) and root-relative urls may be navigated to; anything else (javascript:, data:, //host) is refused. */
const isNavigableUrl = (url: string): boolean =>
  /^https?:\/\//i.test(url) || (url.startsWith("/") && !url.startsWith("//"));

interface OpenDeepLinkContext {
  bridge: Bridge | null;
  appInfo: AppInfo;
  navigate: (url: string) => void;
  webUrls?: Partial<WebUrls>;
}

export type DeepLinkOutcome =
  | { via: "app"; data: unknown }
  | { via: "web"; url: string; reason: "outsideApp" | "appTooOld" | "noBridge" }
  | { via: "none"; url: string; reason: "unsafeUrl" };

/**
 * Opens a deep-link target (requirements.md §2): inside the app, when its version gate passes, as a bridge call
 * with the compacted params (bridge errors reject as `BridgeError`); otherwise as a navigation to the
 * matching web page.
 */
export async function openDeepLink<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
  context: OpenDeepLinkContext,
): Promise<DeepLinkOutcome> {
  const { action, feature } = DEEP_LINK_TARGETS[target];
  const { bridge, appInfo } = context;
  const gateOpen = feature === null || supports(feature, appInfo.version);
  if (appInfo.inApp && bridge !== null && gateOpen) {
    const message = deepLinkMessageParams(target, params) as BridgeActionParams[typeof action];
    const data: unknown = await bridge.call(action, message);
    return { via: "app", data };
  }
  const build: WebUrlBuilder<T> = context.webUrls?.[target] ?? WEB_FALLBACK_URLS[target];
  const url = build(compactParams(params));
  if (!isNavigableUrl(url)) return { via: "none", url, reason: "unsafeUrl" };
  context.navigate(url);
  return { via: "web", url, reason: !appInfo.inApp ? "outsideApp" : gateOpen ? "noBridge" : "appTooOld" };
}
