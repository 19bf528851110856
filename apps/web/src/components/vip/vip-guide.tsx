"use client";
import { useLocale, useTranslations } from "next-intl";
import { FaqList } from "@/components/safe/faq-list";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useVipProgramme, VipRulesList } from "./vip-programme";
import styles from "./vip.module.css";

/** How levels are reviewed (the API's rules) and the FAQ (the API's HTML, sanitised before it is shown). */
export function VipGuide() {
  const t = useTranslations("vipGuide");
  const tc = useTranslations("vipCommon");
  const locale = useLocale();
  const programme = useVipProgramme();
  const guide = useEndpointOnDemand("vipGuide", { locale });
  return (
    <>
      <section className="section" aria-labelledby="vip-review-title">
        <h2 id="vip-review-title">{t("reviewTitle")}</h2>
        <div className="card" data-testid="vip-rules" aria-busy={!programme.data}>
          {programme.data ? (
            <VipRulesList rules={programme.data.rules} />
          ) : programme.error ? (
            <LoadProblem result={programme} failed={tc("loadFailed")} />
          ) : (
            <ul className={styles.rules} />
          )}
        </div>
      </section>
      <section className="section" id="faq" aria-labelledby="vip-faq-title">
        <h2 id="vip-faq-title">{t("faqTitle")}</h2>
        {hasLoadProblem(guide) ? (
          <LoadProblem result={guide} failed={tc("loadFailed")} />
        ) : (
          <FaqList items={guide.data?.faq ?? []} testId="vip-faq" open />
        )}
      </section>
    </>
  );
}
