"use client";
import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { useSession } from "@/state/session";
import { displayName } from "@/lib/derive-user";
import { TRACKING_IDS } from "@/lib/tracking-ids";
import { useMyApplication } from "@/lib/use-my-application";
import { PAGES } from "@/lib/pages";

/** Apply, or go to the dashboard for an approved affiliate; a visitor is sent to log in by the apply page. */
export function HomeCallToAction({ locale }: { locale: Locale }) {
  const t = useTranslations("home");
  const { complete, isLogin, userResult } = useSession();
  const { data } = useMyApplication(complete && isLogin);
  const affiliate = data?.isAffiliate === true;
  return (
    <div className="cta">
      {isLogin && userResult && <p data-testid="welcome">{t("welcome", { name: displayName(userResult) })}</p>}
      {affiliate ? (
        <a
          className="button button-primary button-large"
          href={localePath(locale, PAGES.dashboard.path)}
          data-track-id={TRACKING_IDS.homeDashboard}
        >
          {t("dashboard")}
        </a>
      ) : (
        <a
          className="button button-primary button-large"
          href={localePath(locale, PAGES.apply.path)}
          data-track-id={TRACKING_IDS.homeApply}
        >
          {t("apply")}
        </a>
      )}
    </div>
  );
}
