/** The native app's user agent carries `ExchangeApp/<semver>` (docs/bridge.md). */
export const APP_UA_PATTERN = /\bExchangeApp\/(\d+\.\d+\.\d+)\b/;

export const isAppUserAgent = (userAgent: string | null | undefined): boolean =>
  !!userAgent && APP_UA_PATTERN.test(userAgent);
