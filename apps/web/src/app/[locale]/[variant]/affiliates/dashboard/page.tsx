import { Shell } from "@/components/shell/shell";
import { AccountOverview } from "@/components/dashboard/account-overview";
import { AffiliateOverview } from "@/components/dashboard/affiliate-overview";
import { FormKit } from "@/components/form/form-kit";
import { NetworkSection } from "@/components/network/network-section";
import { SubInvitationOffers } from "@/components/network/sub-invitation-offers";
import { loadAntdLocale } from "@/lib/antd-locale";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "dashboard");
}

export default async function DashboardPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.dashboard.path} requiresLogin={PAGES.dashboard.requiresLogin}>
      <AccountOverview />
      <FormKit antdLocale={await loadAntdLocale(locale)}>
        <SubInvitationOffers />
        <AffiliateOverview />
        <NetworkSection />
      </FormKit>
    </Shell>
  );
}
