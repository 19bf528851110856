"use client";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, localePath } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { useMyApplication } from "@/lib/use-my-application";
import { useSession } from "@/state/session";
import { Deferred } from "@/components/loading/deferred";
import { withDashboardKit } from "@/components/dashboard/dashboard-island";
import styles from "./network.module.css";

// The table and the forms (antd Table, Form, Modal) load only for an approved affiliate, and only when the section comes
// near the viewport: at the foot of the dashboard, they held the main thread for over a second of a phone's first load.
// Busy while its code loads, so assistive technology (and the suites' "settled" check) knows more is coming.
const SubAffiliates = dynamic(
  () =>
    withDashboardKit(
      import("./sub-affiliates").then((m) => m.SubAffiliates),
      { themed: false },
    ),
  {
    ssr: false,
    loading: () => <div aria-busy="true" />,
  },
);

/** The section's height with a few rows on a wide screen (taller on a phone, where it is far below the fold). */
const SUB_AFFILIATES_MIN_HEIGHT = 900;

/** The dashboard's network section: sub-affiliates and the way to the experience cards; approved affiliates only. */
export function NetworkSection() {
  const { complete, isLogin } = useSession();
  // Same cache key as the dashboard's own check: one request for both.
  const { data } = useMyApplication(complete && isLogin);
  if (!data?.isAffiliate) return null;
  return (
    <>
      <Deferred name="sub-affiliates" minHeight={SUB_AFFILIATES_MIN_HEIGHT}>
        <SubAffiliates />
      </Deferred>
      <CardsTeaser />
    </>
  );
}

function CardsTeaser() {
  const t = useTranslations("network.teaser");
  const locale = useLocale();
  if (!isLocale(locale)) return null;
  return (
    <section className={`section ${styles.teaser}`} aria-labelledby="cards-teaser-title">
      <div className={`card ${styles.teaserCard}`}>
        <div>
          <h2 id="cards-teaser-title">{t("title")}</h2>
          <p className="muted">{t("body")}</p>
        </div>
        <a
          className="button button-primary"
          href={localePath(locale, PAGES.experienceCard.path)}
          data-testid="cards-teaser-link"
        >
          {t("action")}
        </a>
      </div>
    </section>
  );
}
