"use client";
import { useTranslations } from "next-intl";
import { loginPath, localePath, type Locale } from "@affiliates/locales";
import { useSession } from "@/state/session";
import { displayName } from "@/lib/derive-user";
import { TRACKING_IDS } from "@/lib/tracking-ids";

/** A visitor is asked to log in and apply; a logged-in user is sent to the dashboard. */
export function HomeCallToAction({ locale, dashboardHref }: { locale: Locale; dashboardHref: string }) {
  const t = useTranslations("home");
  const { complete, isLogin, userResult } = useSession();
  if (complete && isLogin && userResult) {
    return (
      <div className="cta">
        <p data-testid="welcome">{t("welcome", { name: displayName(userResult) })}</p>
        <a className="button button-primary button-large" href={dashboardHref} data-track-id={TRACKING_IDS.homeDashboard}>{t("dashboard")}</a>
      </div>
    );
  }
  return (
    <div className="cta">
      <a className="button button-primary button-large" href={loginPath(locale, localePath(locale))} data-track-id={TRACKING_IDS.homeApply}>{t("apply")}</a>
    </div>
  );
}
