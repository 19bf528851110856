import { randomInt } from "node:crypto";
import type { ExperienceCard } from "@affiliates/contracts";

/** The experience cards' settings and the rules that need no database. */

/** Experience cards expire this many days after they are issued (unless the affiliate chose a validity). */
export const CARD_VALIDITY_DAYS = 30;
/** client_settings key of the monthly experience-card quota (JSON number), and its default. */
export const CARD_QUOTA_SETTING = "affiliateCardMonthlyQuota";
export const DEFAULT_CARD_QUOTA = 10;
const CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const newCardCode = (): string =>
  Array.from({ length: 12 }, () => CARD_CODE_ALPHABET[randomInt(CARD_CODE_ALPHABET.length)]).join("");
/** An issued or claimed card past its expiry is expired, whatever its stored status says. */
export function effectiveCardStatus(
  row: { status: string; expires_at: string },
  nowIso: string,
): ExperienceCard["status"] {
  if ((row.status === "issued" || row.status === "claimed") && row.expires_at <= nowIso) return "expired";
  return row.status as ExperienceCard["status"];
}

/** The quota in force: the affiliate's own, else the programme's setting (JSON text) when a whole number ≥ 0, else the default. */
export function cardQuotaOf(override: number | string | null | undefined, setting: string | undefined): number {
  if (override !== null && override !== undefined) return Number(override);
  const value = setting === undefined ? DEFAULT_CARD_QUOTA : Number(JSON.parse(setting));
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_CARD_QUOTA;
}
