/**
 * The rules of a referral link the create form checks before sending, the same as the API's request schema
 * (`affiliateLinkCreateRequestSchema` in packages/contracts: code `^[A-Za-z0-9]{4,16}$`, label trimmed, 1 to 40
 * characters; test/dashboard-link-rules.test.ts holds the two together). Kept here as plain values: the schema would
 * bring zod into the links chunk for one regular expression.
 */
export const LINK_CODE_MIN = 4;
export const LINK_CODE_MAX = 16;
export const LINK_CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${LINK_CODE_MIN},${LINK_CODE_MAX}}$`);
export const LINK_LABEL_MAX = 40;

/** Which of a link's shares the poster can advertise: a 0 % share is no offer to an invitee. */
export type PosterRebate = "both" | "spot" | "futures" | "none";

export function posterRebate(spotShareBps: number, futuresShareBps: number): PosterRebate {
  if (spotShareBps > 0 && futuresShareBps > 0) return "both";
  if (spotShareBps > 0) return "spot";
  if (futuresShareBps > 0) return "futures";
  return "none";
}
