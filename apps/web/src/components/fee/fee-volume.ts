/** The calculator's volume limits: a trade volume in USDT above 0 and no larger than a trillion. */
export const MAX_VOLUME = 1e12;

export type VolumeProblem = "notPositive" | "tooLarge";

/** What is wrong with a volume entry, or null when it is acceptable or still empty (no message, no result). */
export function volumeProblem(value: unknown): VolumeProblem | null {
  if (value === null || value === undefined || value === "") return null;
  const volume = typeof value === "number" ? value : Number(value);
  if (!(volume > 0)) return "notPositive";
  if (!(volume <= MAX_VOLUME)) return "tooLarge";
  return null;
}

/** The group and decimal separators of a locale's numbers (de: "." and ","; en: "," and "."; fr: narrow space and ","). */
export function numberSeparators(intlLocale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(intlLocale, { useGrouping: true }).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Spaces a locale groups with (fr, pl, ru: no-break and narrow no-break spaces): a typed plain space counts too. */
const SPACES = /[\s\u00a0\u202f]/;

/**
 * A number typed in the page's locale (issue 34): "1.000,50" in German is 1000.5, not 1.0005. Digits may be grouped
 * by the locale's separator in threes, or not at all; the locale's decimal separator marks the fraction (a plain "." is
 * also read as the decimal point where it is not the group separator). Anything else — "1.5" in German, where "." only
 * groups — is NaN: the field refuses it with a message rather than guess. An exponent ("1e30", as a spreadsheet
 * copies a huge number) is read, so the field can say how large a volume may be. Empty text is undefined.
 */
export function parseLocaleNumber(text: string, intlLocale: string): number | undefined {
  const typed = text.trim();
  if (typed === "") return undefined;
  const { group, decimal } = numberSeparators(intlLocale);
  const groups = SPACES.test(group) ? "[\\s\\u00a0\\u202f]" : escape(group);
  const decimals = decimal !== "." && group !== "." ? `(?:${escape(decimal)}|\\.)` : escape(decimal);
  const shape = new RegExp(`^(-?)(\\d{1,3}(?:${groups}\\d{3})+|\\d+)(?:${decimals}(\\d+))?(?:[eE]([+-]?\\d{1,3}))?$`);
  const match = shape.exec(typed);
  if (!match) return Number.NaN;
  const whole = (match[2] ?? "").replace(/\D/g, "");
  const exponent = match[4] ? `e${match[4]}` : "";
  return Number(`${match[1] ?? ""}${whole}${match[3] ? `.${match[3]}` : ""}${exponent}`);
}
