/**
 * What the invitee search sends: what the table shows (the masked user id, e.g. `70****12`) or a full user id — 1 to 32
 * letters, digits or `*`, as `inviteeListQuerySchema.search` accepts (test/invitee-search.test.ts keeps the two equal).
 * Checked on the client so a typo gets a message beside the field, not a 400 toast.
 */
export const INVITEE_SEARCH_PATTERN = /^[A-Za-z0-9*]{1,32}$/;

/** The search term to send (trimmed; "" for none), or null when the API would refuse it. */
export function inviteeSearchTerm(input: string): string | null {
  const term = input.trim();
  if (term === "") return "";
  return INVITEE_SEARCH_PATTERN.test(term) ? term : null;
}
