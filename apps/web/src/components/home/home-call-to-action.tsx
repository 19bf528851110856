"use client";
import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { sessionMayExist, useSession } from "@/state/session";
import { useHydrated } from "@/lib/use-hydrated";
import { Ghost } from "@/components/loading/ghost";
import { displayName } from "@/lib/derive-user";
import { TRACKING_IDS } from "@/lib/tracking-ids";
import { useMyApplication } from "@/lib/use-my-application";
import { PAGES } from "@/lib/pages";

/**
 * Apply, or go to the dashboard for an approved affiliate; a visitor is sent to log in by the apply page. While a
 * signed-in user's status is unknown (loading, or its call failed) neither is claimed: the button's place is held.
 */
export function HomeCallToAction({ locale }: { locale: Locale }) {
  const t = useTranslations("home");
  const { complete, isLogin, userResult } = useSession();
  const hydrated = useHydrated();
  const { data } = useMyApplication(complete && isLogin);
  const affiliate = data?.isAffiliate === true;
  // The server's HTML cannot know the visitor: it offers the application, which works before the page hydrates.
  const unknown = hydrated && (complete ? isLogin && data === undefined : sessionMayExist());
  const apply = (
    <a
      className="button button-primary button-large"
      href={localePath(locale, PAGES.apply.path)}
      data-track-id={TRACKING_IDS.homeApply}
    >
      {t("apply")}
    </a>
  );
  return (
    <div className="cta" aria-busy={unknown}>
      {isLogin && userResult && <p data-testid="welcome">{t("welcome", { name: displayName(userResult) })}</p>}
      {unknown ? (
        <Ghost>{apply}</Ghost>
      ) : affiliate ? (
        <a
          className="button button-primary button-large"
          href={localePath(locale, PAGES.dashboard.path)}
          data-track-id={TRACKING_IDS.homeDashboard}
        >
          {t("dashboard")}
        </a>
      ) : (
        apply
      )}
    </div>
  );
}
