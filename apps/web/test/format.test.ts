import { afterEach, describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { LOCALES } from "@affiliates/locales";
import { createFormat, currencyOf, firstDayOfWeek, intlLocaleOf } from "../src/lib/format";
import { applyDayjsLocale } from "../src/lib/dayjs-locale";
import { DEFAULT_TIME_ZONE } from "../src/lib/constants";
import { zoneName } from "../src/lib/viewer-zone";
import { zonedTimestamp } from "../src/lib/csv-localize";

describe("format (Intl per page locale)", () => {
  it("uses the locale table's BCP 47 tag and default currency for every locale", () => {
    for (const entry of LOCALES) {
      const format = createFormat(entry.locale);
      expect(format.intlLocale).toBe(entry.htmlLang);
      expect(format.currency).toBe(entry.defaultCurrency);
      // Intl accepts every tag and currency of the table (a bad one throws RangeError)
      expect(format.money(1234.5)).toMatch(/\d/);
      expect(Intl.NumberFormat.supportedLocalesOf([entry.htmlLang])).toHaveLength(1);
    }
    expect(intlLocaleOf("ph")).toBe("fil");
    expect(intlLocaleOf("zh-TC")).toBe("zh-Hant");
    expect(currencyOf("ja")).toBe("JPY");
  });

  it("formats numbers with each language's separators", () => {
    expect(createFormat("en").number(1234567.891)).toBe("1,234,567.891");
    expect(createFormat("de").number(1234567.891)).toBe("1.234.567,891");
    expect(createFormat("ru").number(1234.5)).toBe("1\u00a0234,5");
    expect(createFormat("fr-FR").number(1234.5)).toBe("1\u202f234,5");
  });

  it("formats money in the locale's default currency", () => {
    expect(createFormat("en").money(1234.5)).toBe("$1,234.50");
    expect(createFormat("ja").money(1234)).toBe("￥1,234");
    expect(createFormat("de").money(1234.5)).toBe("1.234,50\u00a0€");
    expect(createFormat("zh-CN").money(10)).toBe("¥10.00");
    expect(createFormat("ar").money(10)).toContain("د.إ");
    expect(createFormat("en").money(10, "EUR")).toBe("€10.00");
  });

  it("formats percentages and basis points", () => {
    expect(createFormat("en").percent(0.255)).toBe("25.5%");
    expect(createFormat("fr-FR").percent(0.25)).toBe("25\u00a0%");
    expect(createFormat("de").bps(2500)).toBe("25\u00a0%");
    expect(createFormat("en").percent(0.0002, { minimumFractionDigits: 2 })).toBe("0.02%");
  });

  it("keeps crypto amounts in one left-to-right piece on Arabic pages", () => {
    expect(createFormat("en").amount(1234.5, "USDT")).toBe("1,234.50\u00a0USDT");
    expect(createFormat("en").amount(0.1, "usdt")).toBe("0.10\u00a0usdt");
    expect(createFormat("en").amount(0.12345678, "BTC")).toBe("0.12345678\u00a0BTC");
    expect(createFormat("ar").amount(0.5, "BTC")).toBe("\u20660.5\u00a0BTC\u2069");
  });

  it("formats moments in Asia/Shanghai unless the user's zone is known (requirements.md §9)", () => {
    expect(DEFAULT_TIME_ZONE).toBe("Asia/Shanghai");
    const moment = Date.UTC(2026, 10, 25, 20, 30); // 20:30 UTC = 04:30 next day in Shanghai
    const shanghai = createFormat("en");
    expect(shanghai.timeZone).toBe("Asia/Shanghai");
    expect(shanghai.dateTime(moment, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" })).toBe(
      "Nov 26, 2026, 04:30",
    );
    const london = createFormat("en", { timeZone: "Europe/London" });
    expect(london.dateTime(moment, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" })).toBe(
      "Nov 25, 2026, 20:30",
    );
  });

  it("takes the caller's options as next-intl's formatter does: its own time zone, single fields, ranges", () => {
    const moment = Date.UTC(2026, 10, 25, 20, 30);
    const format = createFormat("en");
    // A zone in the options wins over the page's (a calendar day sent as UTC stays that day).
    expect(format.dateTime(moment, { dateStyle: "medium", timeZone: "UTC" })).toBe("Nov 25, 2026");
    // Single fields are allowed (the dateStyle/timeStyle defaults apply only without options).
    expect(format.dateTime(Date.UTC(2026, 10, 1), { year: "numeric", month: "long", timeZone: "UTC" })).toBe(
      "November 2026",
    );
    expect(
      format.dateTimeRange(Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 25), { dateStyle: "medium", timeZone: "UTC" }),
    ).toBe("Nov 1\u2009–\u200925, 2026"); // thin spaces around the dash
    // The same options give the same text twice (formatters are kept per options).
    expect(format.number(1234.5, { maximumFractionDigits: 0 })).toBe("1,235");
    expect(format.number(1234.5, { maximumFractionDigits: 0 })).toBe("1,235");
    expect(format.number(1234.5)).toBe("1,234.5");
  });

  it("formats calendar days without shifting them in any zone", () => {
    expect(createFormat("en").day("2026-11-25")).toBe("Nov 25, 2026");
    expect(createFormat("zh-CN").day("2026-11-25")).toBe("2026年11月25日");
    expect(createFormat("de").day("2026-01-01")).toBe("01.01.2026");
    expect(createFormat("zh-TC").day("2026-11-25")).toBe("2026年11月25日");
  });

  it("Chinese weeks start on Monday, US English on Sunday (requirements.md §9)", () => {
    expect(firstDayOfWeek("zh-CN")).toBe(1);
    expect(firstDayOfWeek("zh-TC")).toBe(1);
    expect(firstDayOfWeek("en")).toBe(7);
    expect(firstDayOfWeek("de")).toBe(1);
  });

  it("dayjs (antd date pickers) starts Chinese weeks on Monday in both scripts", async () => {
    // 2026-11-25 is a Wednesday
    for (const locale of ["zh-CN", "zh-TC"] as const) {
      const name = await applyDayjsLocale(locale);
      expect(dayjs("2026-11-25").locale(name).startOf("week").format("YYYY-MM-DD"), locale).toBe("2026-11-23");
      expect(dayjs.Ls[name]?.weekStart, locale).toBe(1);
    }
    await applyDayjsLocale("en");
    expect(dayjs("2026-11-25").startOf("week").format("YYYY-MM-DD")).toBe("2026-11-22");
  });
});

describe("Intl formatters are built once per locale and options, for the whole page", () => {
  const real = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
  afterEach(() => Object.assign(Intl, real));

  /** Counts the formatters `new Intl[name](…)` builds from now on. */
  function countBuilt(name: keyof typeof real): { count: number } {
    const built = { count: 0 };
    Object.assign(Intl, {
      [name]: new Proxy(real[name], {
        construct(target, args: unknown[]) {
          built.count += 1;
          return Reflect.construct(target, args) as object;
        },
      }),
    });
    return built;
  }

  it("two components' formats, and every zone name, share the formatters they ask for alike", () => {
    // A locale and a zone no other test here uses, so the shared formatters are built in this test.
    const dateTimeFormats = countBuilt("DateTimeFormat");
    const numberFormats = countBuilt("NumberFormat");
    const first = createFormat("vi", { timeZone: "Pacific/Chatham" });
    const second = createFormat("vi", { timeZone: "Pacific/Chatham" });
    const at = "2026-11-30T06:00:00Z";
    expect(second.dateTime(at)).toBe(first.dateTime(at));
    expect(second.number(1234.5)).toBe(first.number(1234.5));
    const zone = zoneName("vi", "Pacific/Chatham");
    for (let render = 0; render < 5; render++) expect(zoneName("vi", "Pacific/Chatham")).toBe(zone);
    expect(dateTimeFormats.count).toBe(2); // the date's, and the zone name's
    expect(numberFormats.count).toBe(1);
    // Another locale, or other options, get formatters of their own.
    createFormat("uz", { timeZone: "Pacific/Chatham" }).dateTime(at);
    zoneName("vi", "Pacific/Chatham", new Date(at), "longOffset");
    expect(dateTimeFormats.count).toBe(4);
  });

  it("a CSV file's zoned timestamps share one formatter, however many fields it has", () => {
    const dateTimeFormats = countBuilt("DateTimeFormat");
    const fields = Array.from({ length: 50 }, (_, i) => new Date(Date.UTC(2026, 10, 1, i)).toISOString());
    const stamps = fields.map((iso) => zonedTimestamp(iso, "Pacific/Marquesas"));
    expect(stamps[0]).toBe("2026-10-31 14:30:00");
    expect(dateTimeFormats.count).toBe(1);
  });
});
