import { compactParams, type Compacted } from "@affiliates/contracts";
import type {
  CoinPageParams,
  ContractParams,
  CouponCenterParams,
  DepositParams,
  FinancialAssetsParams,
  H5RouterParams,
  LinkValue,
  LoginParams,
  SavingsParams,
} from "./actions";

export interface DeepLinkParams {
  login: LoginParams;
  coinPage: CoinPageParams;
  contract: ContractParams;
  deposit: DepositParams;
  couponCenter: CouponCenterParams;
  h5Router: H5RouterParams;
  financialAssets: FinancialAssetsParams;
  savings: SavingsParams;
}
export type DeepLinkTarget = keyof DeepLinkParams;

/** Builds the main site's same-origin page for a target from its compacted params. */
export type WebUrlBuilder<T extends DeepLinkTarget> = (params: Compacted<DeepLinkParams[T]>) => string;
export type WebUrls = { [T in DeepLinkTarget]: WebUrlBuilder<T> };

const query = (entries: Readonly<Record<string, LinkValue>>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(compactParams(entries))) search.append(key, String(value));
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
};
const segment = (value: LinkValue): string => encodeURIComponent(String(value));

/**
 * The web side of the deep links: what each target's page is on the main site. The app side (the bridge call and its
 * version gate) is open-deep-link.ts, which only a page inside the app loads.
 *
 * Outside the app (or when it is too old) each target becomes a navigation to these pages of the
 * main site (same origin). The lead may override any of them (e.g. a language-prefixed login).
 */
export const WEB_FALLBACK_URLS: WebUrls = {
  login: () => "/login",
  coinPage: (p) => (p.symbol !== undefined ? `/trade/${segment(p.symbol)}` : "/markets"),
  contract: (p) => (p.symbolId !== undefined ? `/futures/${segment(p.symbolId)}` : "/futures"),
  deposit: (p) => `/assets/deposit${query({ coin: p.coinName, coinId: p.coinId })}`,
  couponCenter: (p) => `/coupons${query({ tab: p.tab })}`,
  h5Router: (p) => p.url ?? "/",
  financialAssets: (p) => `/assets/${segment(p.type ?? "overview")}`,
  savings: () => "/earn",
};

/** A target's main-site page for these params (empty ones dropped): where a link points outside the app. */
export const webFallbackUrl = <T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T]): string =>
  WEB_FALLBACK_URLS[target](compactParams(params));
