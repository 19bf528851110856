"use client";
import { api } from "@/lib/api";
import { useApi } from "@/lib/use-api";

/** The invitee search accepts letters, digits and `*` only (the API's pattern). */
export const searchTerm = (text: string): string => text.replace(/[^A-Za-z0-9*]/g, "").slice(0, 32);

/**
 * The search for the invitee a card is for: the first ten invitees, or those whose UID matches what is typed, asked
 * once typing pauses. `onInviteesSeen` gets the ids and UIDs of each answer, for the card list.
 */
export function useCardInviteeSearch(onInviteesSeen: (seen: readonly (readonly [number, string])[]) => void) {
  // Every search asks anew (staleTime 0): a fresh cached answer under this key would stand in for the next search.
  return useApi(
    "network-card-invitees",
    (search: string) => api.invitees(search ? { search, pageSize: 10 } : { pageSize: 10 }),
    {
      manual: true,
      debounceWait: 300,
      staleTime: 0,
      onSuccess: (page) => onInviteesSeen(page.items.map((i) => [i.id, i.uid] as const)),
    },
  );
}
