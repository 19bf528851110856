"use client";
import { useLocale } from "next-intl";
import type {
  BrokerProgramme,
  IncubationProgramme,
  InstitutionalProgramme,
  MarketMakerProgramme,
} from "@affiliates/contracts";
import { api } from "@/lib/api";
import { useApi } from "@/lib/use-api";
import { offerKey } from "@/lib/offers";

interface Programmes {
  broker: BrokerProgramme;
  marketMaker: MarketMakerProgramme;
  institutional: InstitutionalProgramme;
  incubation: IncubationProgramme;
}

/** The partner programmes' public calls; their FAQ follows the `Locale` header the client sends. */
const PROGRAMMES: { readonly [K in keyof Programmes]: () => Promise<Programmes[K]> } = {
  broker: () => api.brokerProgramme(),
  marketMaker: () => api.marketMakerProgramme(),
  institutional: () => api.institutionalProgramme(),
  incubation: () => api.incubationProgramme(),
};

/** A programme's figures, cached per locale (the FAQ is written per language). */
export function usePartnerProgramme<K extends keyof Programmes>(key: K) {
  const locale = useLocale();
  const fetchProgramme: () => Promise<Programmes[K]> = PROGRAMMES[key];
  return useApi(offerKey(key, locale), fetchProgramme);
}

export const BPS = 10_000;
export const PPM = 1_000_000;
