/** requirements.md §9: the time zone used where none is known. */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";
/** requirements.md §9: toast durations, in seconds as antd takes them. */
export const MESSAGE_DURATION_S = 3;
export const NOTIFICATION_DURATION_S = 4.5;
export const MESSAGE_MAX_COUNT = 3;
/**
 * requirements.md §3: local cache keys and the global settings keys in storage. The spec writes two settings keys as words
 * ("valuation unit", "terminal code"); they are `valuationUnit` and `terminalCode`, the latter the key under which
 * requirements.md §3's terminal identifiers ("fingerprint and terminalCode") already keep the terminal code.
 */
export const STORAGE_KEYS = {
  terminalCode: "terminal_code",
  globalUserId: "global_user_id",
  settings: {
    locale: "locale",
    theme: "theme",
    layout: "layout",
    unit: "unit",
    showAsset: "show-asset",
    valuationUnit: "valuationUnit",
    login: "login",
    direction: "direction",
    terminalCode: "terminalCode",
  },
} as const;
/** The session cookie set by the exchange (httpOnly: only the server sees it). */
export const REFRESH_TOKEN_COOKIE = "refresh_token";
/** The UI style prefix of requirements.md §9. */
export const UI_PREFIX = "bit";
/** requirements.md §9 defaults: the coin pair and the deposit coin the product links to. */
export const DEFAULT_SPOT_PAIR = { symbol: "USDTBRL", fromCoinName: "USDT", toCoinName: "BRL" } as const;
export const DEFAULT_DEPOSIT_COIN = { coinName: "USDT", coinId: 2 } as const;
export const DEFAULT_FUTURES_SYMBOL = "BTCUSDT";
