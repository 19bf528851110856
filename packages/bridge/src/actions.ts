import type { AssetTab, BusinessLineValue } from "./enums";

/** A value a deep-link parameter can take; empty ones are dropped before sending. */
type LinkScalar = string | number | boolean;
export type LinkValue = LinkScalar | null | undefined;

/** Login (requirements.md §2): all optional. */
export interface LoginParams {
  closeGuide?: boolean | null;
  referralCode?: string | null;
  inviteCode?: string | null;
}

/** Coin / market page (requirements.md §2). */
export interface CoinPageParams {
  symbol?: string | null;
  type?: string | number | null;
  chainName?: string | null;
  chainContract?: string | null;
  spotLine?: string | number | null;
  positionType?: string | number | null;
  spotArea?: string | null;
  symbolId?: string | number | null;
  fromCoinName?: string | null;
  toCoinName?: string | null;
}

/** Contract page (requirements.md §2). */
export interface ContractParams {
  symbolId?: string | number | null;
  bizLine?: BusinessLineValue | null;
}

/** Deposit page (requirements.md §2). */
export interface DepositParams {
  coinName?: string | null;
  coinId?: string | number | null;
}

/** Coupon centre (requirements.md §2). */
export interface CouponCenterParams {
  tab?: string | null;
}

/** Generic web-page router (requirements.md §2): the page url (sent encoded) plus extra params. */
export interface H5RouterParams {
  url: string;
  [extra: string]: LinkValue;
}

/** Financial assets page (requirements.md §2). */
export interface FinancialAssetsParams {
  type?: AssetTab | null;
  coinId?: string | number | null;
  operationType?: string | number | null;
  secondOperationType?: string | number | null;
  businessLine?: BusinessLineValue | null;
  tokenId?: string | number | null;
}

/** Savings products page (requirements.md §2): no parameters. */
export type SavingsParams = Record<string, never>;

type TitleBarTheme = "dark" | "light";

/** A button the app shows on the right of its navigation bar; tapping it opens `url`. */
interface NavRightItem {
  key: string;
  text?: string;
  icon?: string;
  url?: string;
}

/** One analytics event as the analytics package serialises it. */
type AnalyticsEventRecord = Readonly<Record<string, unknown>>;

/**
 * What the page shares through the app's share sheet (from 2.61.0): any of a text (a caption in the page's language),
 * a link and an image (a `data:image/...` URL or a same-origin URL the app downloads).
 */
export interface ShareParams {
  text?: string | null;
  url?: string | null;
  image?: string | null;
  /** The image's file name, where the app saves or attaches it. */
  fileName?: string | null;
}

/** An image the app saves to the phone's photos (from 2.61.0): a `data:image/...` URL or a same-origin URL. */
export interface SaveImageParams {
  image: string;
  fileName?: string | null;
}

/** The params of every action: the single source of the message union. */
export interface BridgeActionParams {
  request: { path: string; params: unknown; method: "GET" | "POST"; headers?: Readonly<Record<string, string>> };
  login: LoginParams;
  openCoinPage: CoinPageParams;
  openContract: ContractParams;
  openDeposit: DepositParams;
  openCouponCenter: CouponCenterParams;
  /** `url` is already `encodeURIComponent`-encoded on the wire. */
  openH5Router: H5RouterParams;
  openFinancialAssets: FinancialAssetsParams;
  openSavings: SavingsParams;
  setTitleBarTheme: { theme: TitleBarTheme };
  setNavRightItems: { items: readonly NavRightItem[] };
  registerWebVisible: { timeoutMs: number };
  reportEvents: { events: readonly AnalyticsEventRecord[] };
  getDeviceToken: Record<string, never>;
  share: ShareParams;
  saveImage: SaveImageParams;
  copy: { text: string };
}

/** What `call` resolves with, per action (the `data` of a successful answer). */
export interface BridgeActionResults {
  request: unknown;
  login: unknown;
  openCoinPage: unknown;
  openContract: unknown;
  openDeposit: unknown;
  openCouponCenter: unknown;
  openH5Router: unknown;
  openFinancialAssets: unknown;
  openSavings: unknown;
  setTitleBarTheme: unknown;
  setNavRightItems: unknown;
  registerWebVisible: unknown;
  reportEvents: unknown;
  getDeviceToken: { token?: string } | null | undefined;
  share: unknown;
  saveImage: unknown;
  copy: unknown;
}

export type BridgeAction = keyof BridgeActionParams;

/** Every action the page may send, for run-time checks. */
const BRIDGE_ACTIONS = [
  "request",
  "login",
  "openCoinPage",
  "openContract",
  "openDeposit",
  "openCouponCenter",
  "openH5Router",
  "openFinancialAssets",
  "openSavings",
  "setTitleBarTheme",
  "setNavRightItems",
  "registerWebVisible",
  "reportEvents",
  "getDeviceToken",
  "share",
  "saveImage",
  "copy",
] as const satisfies readonly BridgeAction[];

export const isBridgeAction = (value: unknown): value is BridgeAction =>
  typeof value === "string" && (BRIDGE_ACTIONS as readonly string[]).includes(value);

/** A web → app message: a discriminated union on `action`. */
export type BridgeMessage = {
  [A in BridgeAction]: { id: string; action: A; params: BridgeActionParams[A] };
}[BridgeAction];

/** An app → web answer. */
export interface BridgeResponse<T = unknown> {
  code: string;
  data?: T;
  msg?: string;
}

/** Events the app fires through `window.__exchangeBridgeEvent(name, payload)`. */
const BRIDGE_EVENTS = ["webVisible", "resume"] as const;
export type BridgeEventName = (typeof BRIDGE_EVENTS)[number];
export const isBridgeEventName = (value: unknown): value is BridgeEventName =>
  typeof value === "string" && (BRIDGE_EVENTS as readonly string[]).includes(value);
