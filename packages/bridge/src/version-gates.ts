import type { BridgeAction } from "./actions";
import { compareVersions } from "./compare-versions";
import { parseVersion } from "./parse-version";

/** The lowest app version that has each feature (requirements.md §9). */
export const VERSION_GATES = {
  titleBarTheme: "2.56.0",
  navRightItems: "2.56.0",
  webVisible: "2.27.0",
  deposit: "2.13.0",
  savings: "2.12.0",
  coupon: "2.10.0",
  contract: "1.9.0",
  coinPage: "1.5.0",
  h5Router: "2.39.0",
  financialAssets: "2.37.0",
  /** The share sheet, saving an image to the photos and copying text (docs/bridge.md §3; not in the spec). */
  share: "2.61.0",
  saveImage: "2.61.0",
  copy: "2.61.0",
} as const;
export type GatedFeature = keyof typeof VERSION_GATES;

/** The gate each action is behind; actions not listed (request, login, reportEvents, getDeviceToken) are ungated. */
export const ACTION_GATES: Readonly<Partial<Record<BridgeAction, GatedFeature>>> = {
  setTitleBarTheme: "titleBarTheme",
  setNavRightItems: "navRightItems",
  registerWebVisible: "webVisible",
  openDeposit: "deposit",
  openSavings: "savings",
  openCouponCenter: "coupon",
  openContract: "contract",
  openCoinPage: "coinPage",
  openH5Router: "h5Router",
  openFinancialAssets: "financialAssets",
  share: "share",
  saveImage: "saveImage",
  copy: "copy",
};

/** True when `appVersion` is at least the feature's gate. An unknown (null or unparsable) version fails every gate. */
export function supports(feature: GatedFeature, appVersion: string | null | undefined): boolean {
  if (parseVersion(appVersion) === null || typeof appVersion !== "string") return false;
  return compareVersions(appVersion, VERSION_GATES[feature]) >= 0;
}

/** True when the action is ungated or the app is new enough for it. */
export function supportsAction(action: BridgeAction, appVersion: string | null | undefined): boolean {
  const feature = ACTION_GATES[action];
  return feature === undefined || supports(feature, appVersion);
}
