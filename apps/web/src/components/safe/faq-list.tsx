"use client";
import { useEffect, useState } from "react";
import styles from "./faq-list.module.css";

export interface FaqItem {
  id: string;
  question: string;
  answerHtml: string;
  /** The answer already sanitised by the server that rendered the page (lib/offer-loader.ts). */
  sanitizedHtml?: string;
}

/**
 * An FAQ whose answers are HTML from the API: sanitised with the product's DOMPurify whitelist (requirements.md §5,
 * @affiliates/safety) before they reach the page. The sanitiser loads with the
 * first answer that needs it, so pages without one never ship it; answers the server sanitised are shown as they are
 * (and are in the page's HTML).
 */
export function FaqList({
  items,
  testId,
  open = false,
}: {
  items: readonly FaqItem[];
  testId: string;
  open?: boolean;
}) {
  const [safe, setSafe] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!items.some((item) => item.sanitizedHtml === undefined)) return;
    let cancelled = false;
    void import("@affiliates/safety").then(({ sanitizeHtml }) => {
      if (!cancelled) setSafe(Object.fromEntries(items.map((item) => [item.id, sanitizeHtml(item.answerHtml)])));
    });
    return () => {
      cancelled = true;
    };
  }, [items]);
  return (
    <div className="faq" data-testid={testId} aria-busy={!items.length}>
      {items.map((item) => (
        <details key={item.id} className="faq-item" open={open}>
          <summary className={styles.question}>{item.question}</summary>
          <div
            className={`faq-answer ${styles.answer}`}
            dangerouslySetInnerHTML={{ __html: item.sanitizedHtml ?? safe[item.id] ?? "" }}
          />
        </details>
      ))}
    </div>
  );
}
