"use client";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, localePath } from "@affiliates/locales";
import { goToLogin } from "@/lib/native-app";
import { PAGES } from "@/lib/pages";
import { useMyApplication } from "@/lib/use-my-application";
import { useSession } from "@/state/session";
import { notReadyProps, useHydrated } from "@/lib/use-hydrated";
import { Ghost } from "@/components/loading/ghost";
import { clientLazy } from "@/components/loading/client-lazy";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import styles from "./network.module.css";

// The UI-kit parts load only for who needs them: the claim card for a code, the manager for an approved affiliate.
const ClaimCard = clientLazy(() => import("./claim-card").then((m) => m.ClaimCard));
const CardManager = clientLazy(() => import("./card-manager").then((m) => m.CardManagerWithKit));

/**
 * The per-user part of /affiliates/experience-card (the page's HTML is the same for everyone): a claim link
 * (`?code=`) shows the card and its Claim button; an approved affiliate manages their cards; anyone else is told how
 * to get one.
 */
export function ExperienceCardClient({ antdLocale }: { antdLocale?: AntdLocale | undefined }) {
  // The page's HTML is the same for every URL: the claim code is read once hydrated.
  const code = useHydrated()
    ? (new URLSearchParams(window.location.search).get("code")?.trim().toUpperCase() ?? null)
    : undefined;
  if (code === undefined) return <InvitationGhost />;
  return code ? <ClaimCard code={code} /> : <ForAccount antdLocale={antdLocale} />;
}

function ForAccount({ antdLocale }: { antdLocale?: AntdLocale | undefined }) {
  const t = useTranslations("network.visitor");
  const { complete, isLogin } = useSession();
  const { data, error, refresh } = useMyApplication(complete && isLogin);
  // Whether the user is an affiliate is not known: no placeholder forever, a retry.
  if (isLogin && hasLoadProblem({ data, error, refresh })) {
    return (
      <section className="section" data-testid="cards-account-failed">
        <LoadProblem result={{ data, error, refresh }} failed={t("loadFailed")} />
      </section>
    );
  }
  if (!complete || (isLogin && !data)) return <InvitationGhost />;
  return data?.isAffiliate ? <CardManager antdLocale={antdLocale} /> : <Invitation isLogin={isLogin} />;
}

/** Most who come here are visitors: their card stands in, unseen, until the link and the session are known. */
function InvitationGhost() {
  return (
    <Ghost block>
      <Invitation isLogin={false} />
    </Ghost>
  );
}

function Invitation({ isLogin }: { isLogin: boolean }) {
  const t = useTranslations("network.visitor");
  const locale = useLocale();
  const hydrated = useHydrated();
  if (!isLocale(locale)) return null;
  return (
    <section className="section" aria-labelledby="visitor-title" data-testid="cards-visitor">
      <div className={`card ${styles.teaserCard}`}>
        <div>
          <h2 id="visitor-title">{t("title")}</h2>
          <p className="muted">{t("body")}</p>
          <p className="muted">{t("haveCode")}</p>
        </div>
        <div className="cta">
          <a className="button button-primary" href={localePath(locale, PAGES.apply.path)}>
            {t("apply")}
          </a>
          {isLogin ? (
            <a className="button button-ghost" href={localePath(locale, PAGES.home.path)}>
              {t("learnMore")}
            </a>
          ) : (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => void goToLogin(locale)}
              {...notReadyProps(hydrated)}
            >
              {t("logIn")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
