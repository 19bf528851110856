import { INVITEE_SEARCH_PATTERN } from "@affiliates/contracts";

/**
 * The invitee search's term to send (trimmed; "" for none), or null when the API would refuse it: the digits of a UID,
 * whole or in part (`7012345612`, `2345`), by the contracts' own pattern. Checked on the client so a
 * typo gets a message beside the field, not a 400 toast.
 */
export function inviteeSearchTerm(input: string): string | null {
  const term = input.trim();
  if (term === "") return "";
  return INVITEE_SEARCH_PATTERN.test(term) ? term : null;
}
