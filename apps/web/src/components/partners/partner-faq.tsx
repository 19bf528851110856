"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { PartnerFaqItem } from "@affiliates/contracts";

/**
 * A programme's FAQ. Answers are HTML from the API: sanitised with the product's DOMPurify whitelist (spec §5,
 * @affiliates/safety, the sanitiser SafeHtml uses on the server) before they reach the page; the sanitiser loads with
 * the first answer, so pages without one never ship it.
 */
export function PartnerFaq({ items, id }: { items: PartnerFaqItem[]; id: string }) {
  const t = useTranslations("partners");
  const [safe, setSafe] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!items.length) return;
    let cancelled = false;
    void import("@affiliates/safety").then(({ sanitizeHtml }) => {
      if (!cancelled) setSafe(Object.fromEntries(items.map((item) => [item.id, sanitizeHtml(item.answerHtml)])));
    });
    return () => {
      cancelled = true;
    };
  }, [items]);
  if (!items.length) return null;
  return (
    <section className="section" aria-labelledby={`${id}-faq-title`}>
      <h2 id={`${id}-faq-title`}>{t("faqTitle")}</h2>
      <div className="faq" data-testid="partner-faq">
        {items.map((item) => (
          <details key={item.id} className="faq-item">
            <summary>{item.question}</summary>
            <div className="faq-answer" dangerouslySetInnerHTML={{ __html: safe[item.id] ?? "" }} />
          </details>
        ))}
      </div>
    </section>
  );
}
