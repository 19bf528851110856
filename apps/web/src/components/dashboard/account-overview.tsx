"use client";
import { useTranslations } from "next-intl";
import { useSession } from "@/state/session";
import { displayName } from "@/lib/derive-user";
import styles from "./dashboard.module.css";

/** The signed-in user's account at a glance, from the derived user fields of requirements.md §3. */
export function AccountOverview() {
  const t = useTranslations("dashboard");
  const tc = useTranslations("common");
  const { complete, isLogin, userResult } = useSession();
  if (!complete || !isLogin || !userResult) {
    // The heading is known at once; the card's space is held until the user arrives (no layout shift).
    return (
      <section className="section" aria-labelledby="dashboard-title" aria-busy="true">
        <h1 id="dashboard-title">{t("heading")}</h1>
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
    <section className="section" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t("heading")}</h1>
      <div className={`card account-card ${styles.accountSkeleton}`}>
        <h2>{t("accountTitle")}</h2>
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
