import { useTranslations } from "next-intl";
import { Shell } from "@/components/shell/shell";
import { ApplicationPanel } from "@/components/apply/application-panel";
import { SubInvitationOffers } from "@/components/network/sub-invitation-offers";
import { loadAntdLocale } from "@/lib/antd-locale";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "apply");
}

export default async function ApplyPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  const antdLocale = await loadAntdLocale(locale);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.apply.path} requiresLogin={PAGES.apply.requiresLogin}>
      <ApplyHeading />
      <SubInvitationOffers withKit antdLocale={antdLocale} />
      <section className="section form-section">
        <ApplicationPanel antdLocale={antdLocale} />
      </section>
    </Shell>
  );
}

function ApplyHeading() {
  const t = useTranslations("apply");
  return (
    <section className="section" aria-labelledby="apply-title">
      <h1 id="apply-title">{t("heading")}</h1>
      <p className="lead">{t("intro")}</p>
    </section>
  );
}
