import { Shell } from "@/components/shell/shell";
import { InstitutionalProOverview } from "@/components/partners/institutional-overview";
import { PartnerApplicationForm } from "@/components/partners/partner-application-form";
import { PartnerHero } from "@/components/partners/partner-hero";
import { loadAntdLocale } from "@/lib/antd-locale";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";
import "@/components/partners/partners.css";
import { WithOffers } from "@/components/providers/with-offers";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "institutionalPro");
}

/** The institutional pro offer: figures from the API, the application form (loaded with the UI kit) for logged-in users. */
export default async function InstitutionalProPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  const antdLocale = await loadAntdLocale(locale);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.institutionalPro.path}>
      <WithOffers locale={locale} names={["institutional"]}>
        <PartnerHero page="institutionalPro" />
        <InstitutionalProOverview />
        <PartnerApplicationForm kind="institutional-pro" antdLocale={antdLocale} />
      </WithOffers>
    </Shell>
  );
}
