import { fetchOffer } from "@/lib/offer-loader";
import { ProgrammeOverviewFallback } from "./programme-overview-fallback";
import { ProgrammeOverviewView } from "./programme-overview-view";

/**
 * Server component: the landing page's programme overview rendered with the programme's offer (lib/offers.ts), so it
 * is in the page's HTML and costs the browser no code (issue 36's JS); without the offer (the API did not give it),
 * the browser asks for the figures (programme-overview-from-api.tsx).
 */
export async function ProgrammeOverview({ locale }: { locale: string }) {
  const data = await fetchOffer("programme", locale);
  return data === undefined ? <ProgrammeOverviewFallback /> : <ProgrammeOverviewView data={data} />;
}
