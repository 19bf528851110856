/**
 * The programme figures every visitor sees alike (rates, levels, tiers, FAQ): rendered into the page's HTML from the
 * API's answers at build time (design.md "Decisions": the offer is in the HTML), never left blank until a call from
 * the browser returns. Per-user figures are not offers: the browser asks for them.
 *
 * Shared by the server (lib/offer-loader.ts fetches them) and the browser (useApi finds them by the same cache key).
 */
export const OFFERS = {
  programme: { path: "v1/affiliate/programme", perLocale: true },
  feeSchedule: { path: "v1/vip/fee-schedule", perLocale: false },
  vipProgramme: { path: "v1/vip/programme", perLocale: false },
  vipGuide: { path: "v1/vip/guide", perLocale: true },
  broker: { path: "v1/partners/broker", perLocale: true },
  marketMaker: { path: "v1/partners/market-maker", perLocale: true },
  institutional: { path: "v1/partners/institutional", perLocale: true },
  incubation: { path: "v1/partners/incubation", perLocale: true },
} as const;

export type OfferName = keyof typeof OFFERS;

/** The useApi cache key of an offer: one entry per language where the answer is written per language (the FAQ). */
export const offerKey = (name: OfferName, locale: string): string => (OFFERS[name].perLocale ? `${OFFERS[name].path}?locale=${locale}` : OFFERS[name].path);

/** Offers by cache key, as the server hands them to the page (components/providers/offer-data.tsx). */
export type Offers = Readonly<Record<string, unknown>>;
