import { useTranslations } from "next-intl";
import type { PartnerFaqItem } from "@affiliates/contracts";
import { FaqList } from "@/components/safe/faq-list";

/** A programme's FAQ section (answers sanitised by FaqList). */
export function PartnerFaq({ items, id }: { items: PartnerFaqItem[]; id: string }) {
  const t = useTranslations("partners");
  if (!items.length) return null;
  return (
    <section className="section" aria-labelledby={`${id}-faq-title`}>
      <h2 id={`${id}-faq-title`}>{t("faqTitle")}</h2>
      <FaqList items={items} testId="partner-faq" />
    </section>
  );
}
