"use client";
import { useLocale } from "next-intl";
import type { BrokerProgramme, IncubationProgramme, InstitutionalProgramme, MarketMakerProgramme } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { OFFERS, offerKey } from "@/lib/offers";

/** The public calls of the partner programmes (issue 10); their FAQ follows the `Locale` header the client sends. */
export const PARTNER_PATHS = {
  broker: OFFERS.broker.path,
  marketMaker: OFFERS.marketMaker.path,
  institutional: OFFERS.institutional.path,
  incubation: OFFERS.incubation.path,
  applications: "v1/partners/applications",
  myApplication: "v1/partners/applications/me",
} as const;

interface Programmes {
  broker: BrokerProgramme;
  marketMaker: MarketMakerProgramme;
  institutional: InstitutionalProgramme;
  incubation: IncubationProgramme;
}

/** A programme's figures, cached per locale (the FAQ is written per language). */
export function usePartnerProgramme<K extends keyof Programmes>(key: K) {
  const locale = useLocale();
  const path = PARTNER_PATHS[key];
  return useApi(offerKey(key, locale), () => http.get<Programmes[K]>(path));
}

export const BPS = 10_000;
export const PPM = 1_000_000;
