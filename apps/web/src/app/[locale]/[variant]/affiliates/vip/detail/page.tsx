import { useTranslations } from "next-intl";
import { Shell } from "@/components/shell/shell";
import { VipStatus } from "@/components/vip/vip-status";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "vipDetail");
}

export default async function VipDetailPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.vipDetail.path} requiresLogin={PAGES.vipDetail.requiresLogin}>
      <DetailHeading />
      <VipStatus locale={locale} />
    </Shell>
  );
}

function DetailHeading() {
  const t = useTranslations("vipPages");
  return (
    <section className="section" aria-labelledby="vip-detail-title">
      <h1 id="vip-detail-title">{t("detailHeading")}</h1>
      <p className="lead">{t("detailLead")}</p>
    </section>
  );
}
