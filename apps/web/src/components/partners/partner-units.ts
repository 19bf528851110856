import type { OfferAnswer } from "@/lib/offers";

/** The partner programmes: their offers' names (lib/offers.ts). */
export type Programme = "broker" | "marketMaker" | "institutional" | "incubation";

/** A programme's answer from the API, as its offer carries it. */
export type ProgrammeAnswer<K extends Programme> = OfferAnswer<K>;

// Not in partner-data.ts, a client module: the overviews render on the server too, where a client module's exports
// are references, not values.
export const BPS = 10_000;
export const PPM = 1_000_000;
