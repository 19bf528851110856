import { useTranslations } from "next-intl";
import { Shell } from "@/components/shell/shell";
import { VipAirdrops } from "@/components/vip/vip-airdrops";
import { VipLinks } from "@/components/vip/vip-links";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "vipAirdrop");
}

export default async function VipAirdropPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.vipAirdrop.path}>
      <AirdropIntro />
      <VipAirdrops locale={locale} />
      <AirdropLinks />
    </Shell>
  );
}

function AirdropIntro() {
  const t = useTranslations("vipPages");
  return (
    <section className="section" aria-labelledby="airdrop-title">
      <h1 id="airdrop-title">{t("airdropHeading")}</h1>
      <p className="lead">{t("airdropLead")}</p>
    </section>
  );
}

function AirdropLinks() {
  const t = useTranslations("vipPages");
  return (
    <section className="section" aria-labelledby="airdrop-links-title">
      <h2 id="airdrop-links-title">{t("airdropLinks")}</h2>
      <VipLinks names={["futures", "spot", "deposit", "earn"]} />
    </section>
  );
}
