"use client";
import { useLocale } from "next-intl";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
import { useEndpointOnDemand, type OnDemandResult } from "@/lib/endpoint-demand";
import { OFFERS } from "@/lib/offers";

type Programme = "broker" | "marketMaker" | "institutional" | "incubation";

/**
 * A programme's figures, cached per locale (the FAQ is written per language, and follows the `Locale` header the
 * client sends): the offer's key, `endpointKey(endpoint, {}, { locale })`.
 */
export function usePartnerProgramme<K extends Programme>(key: K) {
  const locale = useLocale();
  // The answer's type follows K; indexing OFFERS with a generic K gives the union of the four.
  return useEndpointOnDemand(OFFERS[key].endpoint, {}, { varies: { locale } }) as unknown as OnDemandResult<
    EndpointAnswer<(typeof OFFERS)[K]["endpoint"]>
  >;
}

export const BPS = 10_000;
export const PPM = 1_000_000;
