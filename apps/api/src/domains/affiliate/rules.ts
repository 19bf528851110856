import { randomInt } from "node:crypto";

/** The affiliate programme's settings and the rules that need no database. */

/** Days a commission stays pending after its trade day before it is settled. */
export const SETTLEMENT_HOLD_DAYS = 1;
export const MAX_ACTIVE_LINKS = 50;
/** Generated link codes tried before a collision is reported as "code taken". */
export const LINK_CODE_ATTEMPTS = 6;

const LINK_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const newLinkCode = (): string =>
  Array.from({ length: 8 }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join("");

/** `2026-06-15` → `2026-06-01`: the first day of the day's month. */
export const monthStartOf = (day: string): string => `${day.slice(0, 7)}-01`;
