"use client";
import { useLocale } from "next-intl";
import type {
  BrokerProgramme,
  IncubationProgramme,
  InstitutionalProgramme,
  MarketMakerProgramme,
} from "@affiliates/contracts";
import { useEndpointOnDemand, type OnDemandResult } from "@/lib/endpoint-demand";
import { OFFERS } from "@/lib/offers";

interface Programmes {
  broker: BrokerProgramme;
  marketMaker: MarketMakerProgramme;
  institutional: InstitutionalProgramme;
  incubation: IncubationProgramme;
}

/** A programme's figures (the server's offer in the page), one per locale: the FAQ follows the `Locale` header. */
export function usePartnerProgramme<K extends keyof Programmes>(key: K): OnDemandResult<Programmes[K]> {
  const locale = useLocale();
  // The offers' table names each programme's endpoint; a generic key cannot tie its answer's type to it.
  return useEndpointOnDemand(OFFERS[key].endpoint, {}, { varies: { locale } }) as unknown as OnDemandResult<
    Programmes[K]
  >;
}

export const BPS = 10_000;
export const PPM = 1_000_000;
