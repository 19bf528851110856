"use client";
import { useState, type ReactNode } from "react";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import type { PartnerApplication, PartnerApplicationKind } from "@affiliates/contracts";
import { isLocale } from "@affiliates/locales";
import { goToLogin } from "@/lib/native-app";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";
import { useSession } from "@/state/session";
import { clientLazy } from "@/components/loading/client-lazy";

const Placeholder = () => <div className="partner-form-placeholder" aria-busy="true" />;

/** The form itself, with the UI kit, loads only for a logged-in user. */
const PartnerApplicationFields = clientLazy(
  () => import("./partner-application-fields").then((m) => m.PartnerApplicationFields),
  Placeholder,
);

/**
 * The application (or contact) form of a partner programme, stored by `api.partnerApply` with the
 * device token. Public pages: a visitor sees a call to log in (the exchange's own login, which brings them back here);
 * a logged-in user with an application of this kind sees its status and may send another. Validation uses the shared
 * validate messages of requirements.md §5 (FormKit, in partner-application-fields.tsx).
 */
export function PartnerApplicationForm({
  kind,
  antdLocale,
}: {
  kind: PartnerApplicationKind;
  antdLocale?: AntdLocale | undefined;
}) {
  const t = useTranslations("partners.form");
  const locale = useLocale();
  const { complete, isLogin } = useSession();
  const { data, error, mutate } = useEndpointOnDemand("myPartnerApplication", { kind }, { ready: complete && isLogin });
  const [again, setAgain] = useState(false);

  let body: ReactNode;
  if (!complete || (isLogin && !data && !error)) {
    body = <Placeholder />;
  } else if (!isLogin) {
    body = (
      <div className="card login-call" data-testid="partner-login-call">
        <p>{t("loginBody")}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => isLocale(locale) && void goToLogin(locale)}
        >
          {t("loginButton")}
        </button>
      </div>
    );
  } else if (data?.application && !again) {
    body = <ApplicationStatus application={data.application} onAgain={() => setAgain(true)} />;
  } else {
    body = (
      <PartnerApplicationFields
        antdLocale={antdLocale}
        kind={kind}
        previous={data?.application ?? null}
        onStored={(application) => {
          setAgain(false);
          mutate({ application });
        }}
      />
    );
  }
  return (
    <section className="section form-section" id="apply" aria-labelledby={`apply-${kind}-title`}>
      <h2 id={`apply-${kind}-title`}>{t(`titles.${kind}`)}</h2>
      <p className="muted">{t(`intros.${kind}`)}</p>
      {body}
    </section>
  );
}

function ApplicationStatus({ application, onAgain }: { application: PartnerApplication; onAgain: () => void }) {
  const t = useTranslations("partners.form");
  const format = useFormat();
  return (
    <div className="card application-status" data-testid="partner-application-status" data-status={application.status}>
      <p className="status-badge" data-state={application.status}>
        {t(`status.${application.status}`)}
      </p>
      <p>{t(`statusBody.${application.status}`)}</p>
      <p className="muted">
        {t("submittedOn", {
          date: format.dateTime(new Date(application.createdAt), { dateStyle: "medium" }),
          company: application.company,
        })}
      </p>
      <button type="button" className="link-button" onClick={onAgain}>
        {t("sendAnother")}
      </button>
    </div>
  );
}
