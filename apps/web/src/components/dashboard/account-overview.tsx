"use client";
import { useTranslations } from "next-intl";
import { useSession } from "@/state/session";
import { displayName } from "@/lib/derive-user";
import styles from "./dashboard.module.css";

/** The dashboard's heading, first on the page: the partner's desk follows it at once (issue 34: summary first). */
export function DashboardHeading() {
  const t = useTranslations("dashboard");
  return <h1 className={styles.dashboardHeading}>{t("heading")}</h1>;
}

/**
 * The signed-in user's account at a glance, from the derived user fields of requirements.md §3: below the desk, which
 * is what a partner opens the page for (on a phone the card alone would push the balance half a screen down).
 */
export function AccountOverview() {
  const t = useTranslations("dashboard");
  const tc = useTranslations("common");
  const { complete, isLogin, userResult } = useSession();
  if (!complete || !isLogin || !userResult) {
    // The card's space is held until the user arrives (no layout shift).
    return (
      <section className="section" aria-label={t("accountTitle")} aria-busy="true">
        <div className={`card account-card ${styles.accountSkeleton}`}>
          <span className={styles.visuallyHidden}>{tc("loading")}</span>
        </div>
      </section>
    );
  }
  const flags = [
    ["phoneBound", userResult.bindPhone],
    ["emailBound", userResult.bindEmail],
    ["authenticator", userResult.bindGoogle],
    ["fundPassword", userResult.isFund],
  ] as const;
  return (
    <section className="section" aria-labelledby="account-title">
      <div className={`card account-card ${styles.accountSkeleton}`}>
        <h2 id="account-title">{t("accountTitle")}</h2>
        <p className="account-name" data-testid="account-name">
          {displayName(userResult)}
        </p>
        <p>{userResult.hasRealValidate ? t("verified") : t("notVerified")}</p>
        <h3>{t("security")}</h3>
        <ul className="flag-list">
          {flags.map(([key, value]) => (
            <li key={key}>
              <span>{t(key)}</span>
              <strong data-state={value ? "on" : "off"}>{value ? t("on") : t("off")}</strong>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
