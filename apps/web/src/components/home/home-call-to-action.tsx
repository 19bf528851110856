"use client";
import { useTranslations } from "next-intl";
import { loginPath, localePath, type Locale } from "@affiliates/locales";
import { useSession } from "@/state/session";
import { displayName } from "@/lib/derive-user";

/** A visitor is asked to log in and apply; a logged-in user is sent to the dashboard. */
export function HomeCallToAction({ locale, dashboardHref }: { locale: Locale; dashboardHref: string }) {
  const t = useTranslations("home");
  const { complete, isLogin, userResult } = useSession();
  if (complete && isLogin && userResult) {
    return (
      <div className="cta">
        <p data-testid="welcome">{t("welcome", { name: displayName(userResult) })}</p>
        <a className="button button-primary button-large" href={dashboardHref}>{t("dashboard")}</a>
      </div>
    );
  }
  return (
    <div className="cta">
      <a className="button button-primary button-large" href={loginPath(locale, localePath(locale))}>{t("apply")}</a>
    </div>
  );
}
