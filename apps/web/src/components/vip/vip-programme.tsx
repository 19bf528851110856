import { fetchOffer } from "@/lib/offer-loader";
import { VipProgrammeFallback } from "./vip-programme-fallback";
import { VipProgrammeView } from "./vip-programme-view";

/**
 * Server component: the VIP programme rendered with its offer (lib/offers.ts), so it is in the page's HTML and costs
 * the browser no code (issue 36's JS); without the offer, the browser asks for it (vip-programme-from-api.tsx).
 */
export async function VipProgramme({ locale }: { locale: string }) {
  const data = await fetchOffer("vipProgramme", locale);
  return data === undefined ? <VipProgrammeFallback /> : <VipProgrammeView data={data} />;
}
