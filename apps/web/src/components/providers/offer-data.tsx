"use client";
import { createContext, useContext, type ReactNode } from "react";
import type { Offers } from "@/lib/offers";

const OfferContext = createContext<Offers>({});

/** The offers the server rendered the page with (lib/offer-loader.ts), by useApi cache key. */
export function OfferData({ offers, children }: { offers: Offers; children: ReactNode }) {
  return <OfferContext.Provider value={offers}>{children}</OfferContext.Provider>;
}

/** The server's answer for this cache key, when the page was rendered with it. */
export const useOffer = <T,>(cacheKey: string): T | undefined => useContext(OfferContext)[cacheKey] as T | undefined;
