import type { ReactNode } from "react";
import { loadOffers } from "@/lib/offer-loader";
import type { OfferName } from "@/lib/offers";
import { OfferData } from "./offer-data";

/**
 * Server component: renders its children with the named offers (lib/offers.ts), so the figures are in the page's
 * HTML.
 */
export async function WithOffers({
  locale,
  names,
  children,
}: {
  locale: string;
  names: readonly OfferName[];
  children: ReactNode;
}) {
  return <OfferData offers={await loadOffers(locale, names)}>{children}</OfferData>;
}
