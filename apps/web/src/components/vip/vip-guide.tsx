import { fetchOffer } from "@/lib/offer-loader";
import { VipGuideFallback } from "./vip-guide-fallback";
import { VipGuideView } from "./vip-guide-view";

/**
 * Server component: the guide's review rules and FAQ rendered with their offers (lib/offers.ts), so they are in the
 * page's HTML and cost the browser no code (issue 36's JS); without either offer, the browser asks for both
 * (vip-guide-from-api.tsx).
 */
export async function VipGuide({ locale }: { locale: string }) {
  const [programme, guide] = await Promise.all([fetchOffer("vipProgramme", locale), fetchOffer("vipGuide", locale)]);
  return programme === undefined || guide === undefined ? (
    <VipGuideFallback />
  ) : (
    <VipGuideView programme={{ data: programme }} guide={{ data: guide }} />
  );
}
