"use client";
import { useEffect, useRef, useState } from "react";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import type { AffiliateApplication, AffiliateChannel } from "@affiliates/contracts";
import { isLocale, localePath } from "@affiliates/locales";
import { openWindow } from "@affiliates/safety";
import { fetchMyApplication, useMyApplication } from "@/lib/use-my-application";
import { PAGES } from "@/lib/pages";
import { SafeLink } from "@/components/safe/safe-link";
import { LoadProblem, LoginRequired } from "@/components/status/loaded";
import { useSession } from "@/state/session";
import { clientLazy } from "@/components/loading/client-lazy";

/** Holds the form's height until it (and the UI kit) has loaded, so nothing below moves. */
const Placeholder = () => <div className="application-form-placeholder" aria-busy="true" />;

/** The form carries the UI kit: it loads after the page, and only for a user who can apply. */
const ApplicationForm = clientLazy(() => import("./application-form").then((m) => m.ApplicationForm), Placeholder);

/**
 * The apply page's island: an affiliate's status (also one who joined by an invitation, without an application),
 * else the user's application status, or the form when there is none (or it was rejected).
 */
export function ApplicationPanel({ antdLocale }: { antdLocale?: AntdLocale | undefined }) {
  const { complete, isLogin } = useSession();
  const result = useMyApplication(complete && isLogin);
  const { data, mutate } = result;
  /** Why the form gave way to a status (the API found an application already): shown once, above that status. */
  const [notice, setNotice] = useState<string | null>(null);
  /** The status came from this visit's submit: it is brought into view and focused (the answer to the submit). */
  const [submitted, setSubmitted] = useState(false);
  const refresh = async () => mutate(await fetchMyApplication());
  // The form only for a user known to have no live application: not while loading, not after a failure (it would be
  // refused), not for someone not logged in (in the app, after a cancelled login: a way to log in instead).
  if (complete && !isLogin) return <LoginRequired />;
  if (!data) return result.error ? <LoadProblem result={result} /> : <Placeholder />;
  const noticeBlock = notice && (
    <p className="card application-status application-notice" role="alert" data-testid="application-notice">
      {notice}
    </p>
  );
  if (data?.isAffiliate) {
    return (
      <>
        {noticeBlock}
        <AffiliateStatus />
      </>
    );
  }
  const application = data?.application;
  if (application && application.status !== "rejected") {
    return (
      <>
        {noticeBlock}
        <ApplicationStatus application={application} focus={submitted} />
      </>
    );
  }
  return (
    <>
      {noticeBlock}
      {application && <ApplicationStatus application={application} />}
      <ApplicationForm
        antdLocale={antdLocale}
        previous={application ?? null}
        onStored={async () => {
          setSubmitted(true);
          await refresh();
        }}
        onExists={async (text) => {
          setNotice(text);
          try {
            await refresh();
          } catch {
            // the request client has shown its toast; the notice and the form stay
          }
        }}
      />
    </>
  );
}

function ApplicationStatus({ application, focus = false }: { application: AffiliateApplication; focus?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focus) return;
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [focus]);
  const t = useTranslations("apply");
  const format = useFormat();
  const locale = useLocale();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="card application-status"
      aria-labelledby="status-title"
      data-testid="application-status"
      data-status={application.status}
    >
      <h2 id="status-title">{t("statusTitle")}</h2>
      <p className="status-badge" data-state={application.status}>
        {t(`status.${application.status}`)}
      </p>
      <p>{t(`statusBody.${application.status}`)}</p>
      <p className="muted">
        {t("submittedOn", { date: format.dateTime(new Date(application.createdAt), { dateStyle: "medium" }) })}
      </p>
      <ul className="channel-links">
        {application.channels.map((channel, index) => (
          <ChannelLink key={index} channel={channel} />
        ))}
      </ul>
      {application.status === "approved" && isLocale(locale) && (
        <a className="button button-primary" href={localePath(locale, PAGES.dashboard.path)}>
          {t("toDashboard")}
        </a>
      )}
    </section>
  );
}

/** An affiliate never sees the form: their status and the way to the dashboard. */
function AffiliateStatus() {
  const t = useTranslations("apply");
  const locale = useLocale();
  return (
    // data-status "approved": an affiliate's access is approved, whichever way they joined.
    <section
      className="card application-status"
      aria-labelledby="status-title"
      data-testid="application-status"
      data-status="approved"
      data-affiliate="true"
    >
      <h2 id="status-title">{t("affiliateTitle")}</h2>
      <p>{t("affiliateBody")}</p>
      <a className="button button-primary" href={localePath(isLocale(locale) ? locale : "en", PAGES.dashboard.path)}>
        {t("toDashboard")}
      </a>
    </section>
  );
}

/** A channel URL comes from data: a safe link, opened in a new window without access to this page (requirements.md §5). */
function ChannelLink({ channel }: { channel: AffiliateChannel }) {
  const t = useTranslations("apply");
  const label = t(`channelTypes.${channel.type}`);
  return (
    <li>
      <SafeLink
        href={channel.url}
        target="_blank"
        data-testid="channel-link"
        onClick={(event) => {
          event.preventDefault();
          openWindow(channel.url);
        }}
        aria-label={t("openChannel", { channel: label })}
      >
        {label}
      </SafeLink>
    </li>
  );
}
