import { Shell } from "@/components/shell/shell";
import { PartnerOverview } from "@/components/partners/partner-overview";
import { PartnerApplicationForm } from "@/components/partners/partner-application-form";
import { PartnerHero } from "@/components/partners/partner-hero";
import { loadAntdLocale } from "@/lib/antd-locale";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";
import "@/components/partners/partners.css";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "broker");
}

/** The broker programme: figures from the API, the application form (loaded with the UI kit) for logged-in users. */
export default async function BrokerPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  const antdLocale = await loadAntdLocale(locale);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.broker.path}>
      <PartnerHero page="broker" />
      <PartnerOverview locale={locale} view="broker" />
      <PartnerApplicationForm kind="broker" antdLocale={antdLocale} />
    </Shell>
  );
}
