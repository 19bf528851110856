import { useTranslations } from "next-intl";
import { Shell } from "@/components/shell/shell";
import { FeeExplorer } from "@/components/fee/fee-explorer";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";
import { WithOffers } from "@/components/providers/with-offers";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "fee");
}

export default async function FeePage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.fee.path}>
      <WithOffers locale={locale} names={["feeSchedule"]}>
        <FeeHeading />
        <FeeExplorer />
      </WithOffers>
    </Shell>
  );
}

function FeeHeading() {
  const t = useTranslations("fee");
  return (
    <section className="section" aria-labelledby="fee-title">
      <h1 id="fee-title">{t("heading")}</h1>
      <p className="lead">{t("intro")}</p>
    </section>
  );
}
