"use client";
import { useLocale, useTranslations } from "next-intl";
import { FaqList } from "@/components/safe/faq-list";
import { api } from "@/lib/api";
import { useApi } from "@/lib/use-api";
import { LoadFailed } from "@/components/status/load-failed";
import { useVipProgramme, VipRulesList } from "./vip-programme";
import { offerKey } from "@/lib/offers";
import styles from "./vip.module.css";

/** How levels are reviewed (the API's rules) and the FAQ (the API's HTML, sanitised before it is shown). */
export function VipGuide() {
  const t = useTranslations("vipGuide");
  const tc = useTranslations("vipCommon");
  const locale = useLocale();
  const programme = useVipProgramme();
  const guide = useApi(offerKey("vipGuide", locale), () => api.vipGuide({ locale }));
  return (
    <>
      <section className="section" aria-labelledby="vip-review-title">
        <h2 id="vip-review-title">{t("reviewTitle")}</h2>
        <div className="card" data-testid="vip-rules" aria-busy={!programme.data}>
          {programme.data ? (
            <VipRulesList rules={programme.data.rules} />
          ) : programme.error ? (
            <LoadFailed onRetry={programme.refresh} message={tc("loadFailed")} />
          ) : (
            <ul className={styles.rules} />
          )}
        </div>
      </section>
      <section className="section" id="faq" aria-labelledby="vip-faq-title">
        <h2 id="vip-faq-title">{t("faqTitle")}</h2>
        {guide.error && !guide.data ? (
          <LoadFailed onRetry={guide.refresh} message={tc("loadFailed")} />
        ) : (
          <FaqList items={guide.data?.faq ?? []} testId="vip-faq" open />
        )}
      </section>
    </>
  );
}
