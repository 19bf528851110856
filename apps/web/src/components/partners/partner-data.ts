"use client";
import { useLocale } from "next-intl";
import { useEndpointOnDemand, type OnDemandResult } from "@/lib/endpoint-demand";
import { OFFERS } from "@/lib/offers";
import type { Programme, ProgrammeAnswer } from "./partner-units";

/**
 * A programme's figures, cached per locale (the FAQ is written per language, and follows the `Locale` header the
 * client sends): the offer's key, `endpointKey(endpoint, {}, { locale })`.
 */
export function usePartnerProgramme<K extends Programme>(key: K) {
  const locale = useLocale();
  // The answer's type follows K; indexing OFFERS with a generic K gives the union of the four.
  return useEndpointOnDemand(OFFERS[key].endpoint, {}, { varies: { locale } }) as unknown as OnDemandResult<
    ProgrammeAnswer<K>
  >;
}
