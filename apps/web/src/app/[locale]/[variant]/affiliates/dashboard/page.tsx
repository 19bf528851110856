import { Shell } from "@/components/shell/shell";
import { AccountOverview, DashboardHeading } from "@/components/dashboard/account-overview";
import { AffiliateOverview } from "@/components/dashboard/affiliate-overview";
import { AntdLocaleProvider } from "@/components/form/antd-locale";
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
      <DashboardHeading />
      {/* No antd providers around the page: each antd part brings its own when it shows (dashboard-island.ts). */}
      <AntdLocaleProvider antdLocale={await loadAntdLocale(locale)}>
        <SubInvitationOffers withKit />
        <AffiliateOverview />
        <NetworkSection />
      </AntdLocaleProvider>
      <AccountOverview />
    </Shell>
  );
}
