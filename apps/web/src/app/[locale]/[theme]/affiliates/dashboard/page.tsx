import { Shell } from "@/components/shell/shell";
import { AccountOverview } from "@/components/dashboard/account-overview";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "dashboard");
}

export default async function DashboardPage({ params }: { params: RouteParams }) {
  const locale = await routeLocale(params);
  return (
    <Shell locale={locale} page={PAGES.dashboard.path} requiresLogin={PAGES.dashboard.requiresLogin}>
      <AccountOverview />
    </Shell>
  );
}
