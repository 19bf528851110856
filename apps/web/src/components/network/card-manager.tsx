"use client";
import { useState } from "react";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import { FormKit } from "@/components/form/form-kit";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import type { ExperienceCardList } from "@affiliates/contracts";
import { useFormat } from "@/lib/format-hook";
import { useEndpoint } from "@/lib/use-endpoint";
import { CardIssueForm } from "./card-issue-form";
import { CardList } from "./card-list";
import styles from "./network.module.css";

/** The card manager in the product's form setup (the UI kit comes with this chunk, not with the page). */
export function CardManagerWithKit({ antdLocale }: { antdLocale?: AntdLocale | undefined }) {
  return (
    <FormKit antdLocale={antdLocale}>
      <CardManager />
    </FormKit>
  );
}

/** An affiliate's experience cards: the month's quota, issuing a card, and the cards with their status. */
function CardManager() {
  const t = useTranslations("network.cards");
  const { data, error, mutate, refresh } = useEndpoint("cards", {});
  const links = useEndpoint("links", {});
  const [uids, setUids] = useState<ReadonlyMap<number, string>>(() => new Map());

  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <section className="section" aria-labelledby="quota-title">
        <h2 id="quota-title">{t("listTitle")}</h2>
        <LoadProblem result={{ data, error, refresh }} failed={t("loadFailed")} />
      </section>
    );
  }

  const quotaExceeded = () => {
    if (data) mutate({ ...data, remaining: 0 });
    // The refusal knows the quota better than the page: read the month's figures again.
    void refresh();
  };
  return (
    <>
      <CardQuota list={data} />
      <CardIssueForm
        list={data}
        links={{ data: links.data, error: links.error, refresh: links.refresh }}
        onIssued={(card) => {
          if (data)
            mutate({
              ...data,
              cards: [card, ...data.cards],
              usedThisMonth: data.usedThisMonth + 1,
              remaining: Math.max(0, data.remaining - 1),
            });
        }}
        onQuotaExceeded={quotaExceeded}
        onInviteesSeen={(seen) => setUids((known) => new Map([...known, ...seen]))}
      />
      <CardList cards={data?.cards} links={links.data?.links} uids={uids} />
    </>
  );
}

/** The month's quota: issued, quota and what remains, as whole numbers, and a meter. */
function CardQuota({ list }: { list: ExperienceCardList | undefined }) {
  const t = useTranslations("network.cards");
  const format = useFormat();
  const count = (value: number) => format.number(value, { maximumFractionDigits: 0 });
  const monthLabel = list
    ? format.dateTime(new Date(`${list.month}-01T00:00:00Z`), { year: "numeric", month: "long", timeZone: "UTC" })
    : "";
  const usedShare = list && list.monthlyQuota > 0 ? Math.min(100, (list.usedThisMonth / list.monthlyQuota) * 100) : 0;
  return (
    <section className="section" aria-labelledby="quota-title">
      <div className={`card ${styles.quota}`} data-testid="card-quota" aria-busy={!list}>
        <h2 id="quota-title">{t("quotaTitle", { month: monthLabel })}</h2>
        <dl className={styles.quotaFigures}>
          <div>
            <dt>{t("quotaUsed")}</dt>
            <dd data-testid="quota-used">{list ? count(list.usedThisMonth) : "\u00a0"}</dd>
          </div>
          <div>
            <dt>{t("quotaTotal")}</dt>
            <dd>{list ? count(list.monthlyQuota) : "\u00a0"}</dd>
          </div>
          <div>
            <dt>{t("quotaRemaining")}</dt>
            <dd data-testid="quota-remaining">{list ? count(list.remaining) : "\u00a0"}</dd>
          </div>
        </dl>
        <div
          className={styles.meter}
          role="img"
          aria-label={list ? t("quotaMeter", { used: list.usedThisMonth, quota: list.monthlyQuota }) : t("quotaTotal")}
        >
          <span style={{ inlineSize: `${usedShare}%` }} />
        </div>
      </div>
    </section>
  );
}
