import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { VipProgramme } from "@affiliates/contracts";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
import { FaqList } from "@/components/safe/faq-list";
import { VipRulesList } from "./vip-rules-list";
import styles from "./vip.module.css";

/** One part of the guide: its answer, or what stands in its place when the answer could not be had. */
export interface GuidePart<T> {
  data: T | undefined;
  problem?: ReactNode;
}

/**
 * How levels are reviewed (the programme's rules) and the FAQ (the API's HTML, sanitised before it is shown); each
 * part empty while its answer is on its way. It renders on the server (vip-guide.tsx) as in the browser.
 */
export function VipGuideView({
  programme,
  guide,
}: {
  programme: GuidePart<VipProgramme>;
  guide: GuidePart<EndpointAnswer<"vipGuide">>;
}) {
  const t = useTranslations("vipGuide");
  return (
    <>
      <section className="section" aria-labelledby="vip-review-title">
        <h2 id="vip-review-title">{t("reviewTitle")}</h2>
        <div className="card" data-testid="vip-rules" aria-busy={!programme.data}>
          {programme.data ? (
            <VipRulesList rules={programme.data.rules} />
          ) : (
            (programme.problem ?? <ul className={styles.rules} />)
          )}
        </div>
      </section>
      <section className="section" id="faq" aria-labelledby="vip-faq-title">
        <h2 id="vip-faq-title">{t("faqTitle")}</h2>
        {guide.problem ?? <FaqList items={guide.data?.faq ?? []} testId="vip-faq" open />}
      </section>
    </>
  );
}
