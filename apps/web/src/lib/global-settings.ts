import { fromHeaderTheme, getLocale, type HeaderTheme, type Locale } from "@affiliates/locales";
import { STORAGE_KEYS } from "./constants";

/** The amounts the product states (commissions, balances, card values) are in this unit. */
export const AMOUNT_UNIT = "USDT";

interface SettingsInput {
  locale: Locale;
  theme: HeaderTheme;
  inApp: boolean;
  isLogin: boolean;
  terminalCode: string;
}

/**
 * requirements.md §3's global settings as they are kept in storage, under the spec's keys: the language, the theme preference
 * (`Dark`/`Light`, as in the theme cookie), the layout (`app` inside the native app, else `web`), the unit amounts
 * are stated in, the valuation unit (the language's default currency), the login state (`1`/`0`), the text direction
 * and the terminal code. `show-asset` has no setting in this product (no balance can be hidden), so it is not written.
 * An empty terminal code (not gathered yet) is left out.
 */
export function globalSettingsOf(input: SettingsInput): Record<string, string> {
  const entry = getLocale(input.locale);
  const keys = STORAGE_KEYS.settings;
  const settings: Record<string, string> = {
    [keys.locale]: input.locale,
    [keys.theme]: fromHeaderTheme(input.theme),
    [keys.layout]: input.inApp ? "app" : "web",
    [keys.unit]: AMOUNT_UNIT,
    [keys.valuationUnit]: entry.defaultCurrency,
    [keys.login]: input.isLogin ? "1" : "0",
    [keys.direction]: entry.dir,
  };
  if (input.terminalCode) settings[keys.terminalCode] = input.terminalCode;
  return settings;
}
