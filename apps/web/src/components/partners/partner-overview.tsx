import { fetchOffer } from "@/lib/offer-loader";
import { partnerView, type PartnerView } from "./partner-views";
import { PartnerOverviewFallback } from "./partner-overview-fallback";

/**
 * Server component: a partner page's overview rendered with its programme's offer (lib/offers.ts), so it is in the
 * page's HTML and costs the browser no code (issue 36's JS); without the offer (the API did not give it), the browser
 * asks for the figures (partner-overview-from-api.tsx).
 */
export async function PartnerOverview({ locale, view }: { locale: string; view: PartnerView }) {
  const { programme, View } = partnerView(view);
  const data = await fetchOffer(programme, locale);
  return data === undefined ? <PartnerOverviewFallback view={view} /> : <View data={data} />;
}
