import { getLocale, type Locale } from "@affiliates/locales";
import { DEFAULT_TIME_ZONE } from "./constants";

/**
 * Numbers, money, percentages and dates for a page locale, with `Intl` (requirements.md §9).
 *
 * Why not next-intl's `useFormatter` directly: it hands `Intl` the app's locale code, and some of ours are not BCP 47
 * tags that `Intl` understands (`ph` is no language, `zh-TC` would be Chinese of the Turks and Caicos Islands). This
 * module formats with the locale table's `htmlLang` (`fil`, `zh-Hant`, `es-419`, ...) instead, uses each locale's
 * `defaultCurrency`, and the spec's Asia/Shanghai time zone where the user's zone is not known. Pure: no React, no
 * globals; `useFormat()` in `format-hook.ts` binds it to the page, and components use it where they would use
 * next-intl's formatter (`number`, `dateTime` and `dateTimeRange` take the same arguments).
 */

/** The BCP 47 tag `Intl` gets for a page locale. */
export const intlLocaleOf = (locale: Locale): string => getLocale(locale).htmlLang;
/** The locale table's default currency (requirements.md §3). */
export const currencyOf = (locale: Locale): string => getLocale(locale).defaultCurrency;

/** requirements.md §9: Chinese calendars start weeks on Monday. Others follow their region (CLDR) where `Intl` knows it. */
const MONDAY_FIRST: ReadonlySet<Locale> = new Set<Locale>(["zh-CN", "zh-TC"]);

/** First day of the week, 1 = Monday ... 7 = Sunday (ISO, as `Intl.Locale#getWeekInfo`). */
export function firstDayOfWeek(locale: Locale): number {
  if (MONDAY_FIRST.has(locale)) return 1;
  const tag = new Intl.Locale(intlLocaleOf(locale)).maximize();
  const withInfo = tag as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  return withInfo.getWeekInfo?.().firstDay ?? withInfo.weekInfo?.firstDay ?? 7;
}

/** Money (USDT amounts) always shows two decimals: `format.number(v, MONEY_DIGITS)`, `format.amount(v, "USDT", MONEY_DIGITS)`. */
export const MONEY_DIGITS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** Units shown with two decimals, as cents (stablecoins and the dollar); other crypto units keep up to eight. */
const TWO_DECIMAL_UNITS: ReadonlySet<string> = new Set(["USDT", "USDC", "USD", "FDUSD"]);
/** The decimals an amount in `unit` shows unless a caller asks otherwise. */
export const unitDigits = (unit: string): Intl.NumberFormatOptions =>
  TWO_DECIMAL_UNITS.has(unit.toUpperCase()) ? MONEY_DIGITS : { maximumFractionDigits: 8 };

/** Left-to-right isolate: keeps "1,234.5 USDT" in one piece inside right-to-left text. */
export const isolateLtr = (text: string): string => `\u2066${text}\u2069`;

/** A date as the API sends it: a Date, epoch milliseconds, or an ISO string ("2026-11-25" means that UTC day). */
export type DateInput = Date | number | string;
const toDate = (value: DateInput): Date =>
  value instanceof Date
    ? value
    : typeof value === "number"
      ? new Date(value)
      : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

export interface FormatOptions {
  /** The user's time zone when known; Asia/Shanghai otherwise (requirements.md §9). */
  timeZone?: string;
}

export interface Format {
  readonly locale: Locale;
  readonly intlLocale: string;
  readonly currency: string;
  readonly timeZone: string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** Money in a fiat currency (ISO 4217), the locale's default unless given. */
  money(value: number, currency?: string, options?: Intl.NumberFormatOptions): string;
  /** A ratio as a percentage: 0.25 → "25%" (ar: "25‎%‎", fr: "25 %"). */
  percent(ratio: number, options?: Intl.NumberFormatOptions): string;
  /** Basis points as a percentage: 2500 → "25%". */
  bps(bps: number, options?: Intl.NumberFormatOptions): string;
  /** An amount in a crypto unit Intl has no currency for: "1,234.50 USDT" (two decimals for stablecoins, up to 8 for BTC), isolated for RTL pages. */
  amount(value: number, unit: string, options?: Intl.NumberFormatOptions): string;
  /** A calendar day as the API sends it ("2026-11-25"): formatted in UTC so it never shifts a day. */
  day(value: DateInput, options?: Intl.DateTimeFormatOptions): string;
  /** A moment in the page's time zone, unless `options` name another (date and time, medium/short, by default). */
  dateTime(value: DateInput, options?: Intl.DateTimeFormatOptions): string;
  /** Two moments as one range ("Nov 1 – 25, 2026"), like `dateTime`. */
  dateTimeRange(from: DateInput, to: DateInput, options?: Intl.DateTimeFormatOptions): string;
  readonly firstDayOfWeek: number;
}

/**
 * `Intl` formatters are costly to build (the first in a time zone loads its data), and every component's format asks
 * for the same few on each render: one per locale and options, shared by the whole page.
 */
function shared<T>(build: (intlLocale: string, options: object | undefined) => T) {
  const made = new Map<string, T>();
  return (intlLocale: string, options?: object): T => {
    const key = options === undefined ? intlLocale : `${intlLocale} ${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (formatter === undefined) {
      formatter = build(intlLocale, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

const numberFormatOf = shared((intlLocale, options) => new Intl.NumberFormat(intlLocale, options));
export const dateTimeFormatOf = shared((intlLocale, options) => new Intl.DateTimeFormat(intlLocale, options));

export function createFormat(locale: Locale, { timeZone = DEFAULT_TIME_ZONE }: FormatOptions = {}): Format {
  const intlLocale = intlLocaleOf(locale);
  const currency = currencyOf(locale);
  const numberFormat = (options?: object) => numberFormatOf(intlLocale, options);
  const dateFormat = (options?: object) => dateTimeFormatOf(intlLocale, options);
  const number = (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value);
  const percent = (ratio: number, options?: Intl.NumberFormatOptions) =>
    number(ratio, { style: "percent", maximumFractionDigits: 2, ...options });
  // Intl refuses dateStyle/timeStyle beside single fields (year, month, ...): the defaults apply only without options.
  const moment = (options?: Intl.DateTimeFormatOptions) =>
    dateFormat(options ? { timeZone, ...options } : { dateStyle: "medium", timeStyle: "short", timeZone });
  return {
    locale,
    intlLocale,
    currency,
    timeZone,
    number,
    money: (value, code = currency, options) => number(value, { style: "currency", currency: code, ...options }),
    percent,
    bps: (bps, options) => percent(bps / 10_000, options),
    amount: (value, unit, options) => {
      const text = `${number(value, { ...unitDigits(unit), ...options })}\u00a0${unit}`;
      return getLocale(locale).dir === "rtl" ? isolateLtr(text) : text;
    },
    day: (value, options) => dateFormat({ dateStyle: "medium", ...options, timeZone: "UTC" }).format(toDate(value)),
    dateTime: (value, options) => moment(options).format(toDate(value)),
    dateTimeRange: (from, to, options) => moment(options).formatRange(toDate(from), toDate(to)),
    firstDayOfWeek: firstDayOfWeek(locale),
  };
}
