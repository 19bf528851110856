"use client";
import { createContext, createElement, useContext, type ReactNode } from "react";
import type { Offers } from "../../lib/offers";

// A .ts module (no JSX): the request hooks that read it are unit-tested in Node, where JSX is not compiled.
const OfferContext = createContext<Offers>({});

/** The offers the server rendered the page with (lib/offer-loader.ts), by useApi cache key. */
export function OfferData({ offers, children }: { offers: Offers; children: ReactNode }) {
  return createElement(OfferContext.Provider, { value: offers }, children);
}

/** The server's answer for this cache key, when the page was rendered with it. */
export const useOffer = <T>(cacheKey: string): T | undefined => useContext(OfferContext)[cacheKey] as T | undefined;
