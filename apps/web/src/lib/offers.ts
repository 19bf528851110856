/**
 * The programme figures every visitor sees alike (rates, levels, tiers, FAQ): rendered into the page's HTML from the
 * API's answers at build time and again every OFFER_RENEW_S while served (architecture.md "Decisions": the offer is in the
 * HTML), never left blank until a call from the browser returns. Per-user figures are not offers: the browser asks
 * for them.
 *
 * Shared by the server (lib/offer-loader.ts fetches them) and the browser (useApi finds them by the same cache key).
 */
// The endpoint names only: the browser's first load reads this module, the table itself loads with the first call.
import type { EndpointName } from "@affiliates/contracts/endpoints";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";

export const OFFERS = {
  programme: { endpoint: "affiliateProgramme", perLocale: true },
  feeSchedule: { endpoint: "vipFeeSchedule", perLocale: false },
  vipProgramme: { endpoint: "vipProgramme", perLocale: false },
  vipGuide: { endpoint: "vipGuide", perLocale: true },
  broker: { endpoint: "brokerProgramme", perLocale: true },
  marketMaker: { endpoint: "marketMakerProgramme", perLocale: true },
  institutional: { endpoint: "institutionalProgramme", perLocale: true },
  incubation: { endpoint: "incubationProgramme", perLocale: true },
} as const satisfies Record<string, { endpoint: EndpointName; perLocale: boolean }>;

export type OfferName = keyof typeof OFFERS;

/** An offer's answer, as its endpoint gives it. */
export type OfferAnswer<N extends OfferName> = EndpointAnswer<(typeof OFFERS)[N]["endpoint"]>;

/** How often a served page is rendered anew with the API's current offers (page-csp.ts; OFFERS_RENEW_S overrides it). */
export const OFFER_RENEW_S = 300;

/**
 * The useApi cache key of an offer: its endpoint's name (as `apiKey` keys every answer), one entry per language where
 * the answer is written per language (the FAQ).
 */
export const offerKey = (name: OfferName, locale: string): string =>
  OFFERS[name].perLocale ? `${OFFERS[name].endpoint}?locale=${locale}` : OFFERS[name].endpoint;

/** Offers by cache key, as the server hands them to the page (components/providers/offer-data.tsx). */
export type Offers = Readonly<Record<string, unknown>>;
