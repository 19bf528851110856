"use client";
import { useMemo, useState } from "react";
import { Button, Form, Radio, Select } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { FormKit } from "@/components/form/form-kit";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import {
  AFFILIATE_CARD_STATUSES,
  type AffiliateCardIssueRequest,
  type ExperienceCard,
  type ExperienceCardList,
  type InviteePage,
  type ReferralLinkList,
} from "@affiliates/contracts";
import { isLocale, localePath } from "@affiliates/locales";
import { http } from "@/lib/http";
import { PAGES } from "@/lib/pages";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { showMessage } from "@/lib/toast";
import { useApi, useApiAction } from "@/lib/use-api";
import { CARD_INVITEES_PATH, CARD_LINKS_PATH, CARDS_PATH, isQuotaExceeded, replaceErrorToast, type ListedCard } from "./network-api";
import styles from "./network.module.css";

type Target = "open" | "link" | "invitee";
type StatusFilter = "all" | ExperienceCard["status"];
type TargetFilter = "all" | Target;
/** The chosen invitee keeps its label (the masked user ID), also when a later search no longer lists it. */
interface ChosenInvitee {
  value: number;
  label: string;
}
interface IssueValues {
  amountUsdt: number;
  validDays: number;
  target: Target;
  linkId?: number;
  invitee?: ChosenInvitee;
}
type CardList = Omit<ExperienceCardList, "cards"> & { cards: ListedCard[] };

const targetOf = (card: ExperienceCard): Target => (card.linkId !== null ? "link" : card.inviteeId !== null ? "invitee" : "open");
/** The invitee search accepts letters, digits and `*` only (the API's pattern). */
const searchTerm = (text: string): string => text.replace(/[^A-Za-z0-9*]/g, "").slice(0, 32);

/** The card manager in the product's form setup (the UI kit comes with this chunk, not with the page). */
export function CardManagerWithKit({ antdLocale }: { antdLocale?: AntdLocale | undefined }) {
  return (
    <FormKit antdLocale={antdLocale}>
      <CardManager />
    </FormKit>
  );
}

/** An affiliate's experience cards (issue 9): the month's quota, issuing a card, and the cards with their status. */
function CardManager() {
  const t = useTranslations("network.cards");
  const format = useFormat();
  const locale = useLocale();
  const { data, mutate } = useApi(CARDS_PATH, () => http.get<CardList>(CARDS_PATH));
  const { data: links } = useApi(CARD_LINKS_PATH, () => http.get<ReferralLinkList>(CARD_LINKS_PATH));
  // Every search asks anew (staleTime 0): a fresh cached answer under this key would stand in for the next search.
  const invitees = useApi(
    "network-card-invitees",
    (search: string) => http.get<InviteePage>(CARD_INVITEES_PATH, search ? { search, pageSize: 10 } : { pageSize: 10 }),
    {
      manual: true,
      debounceWait: 300,
      staleTime: 0,
      onSuccess: (page) => setMaskedIds((known) => new Map([...known, ...page.items.map((i) => [i.id, i.maskedUserId] as const)])),
    },
  );
  const issueCard = useApiAction(async (body: AffiliateCardIssueRequest) =>
    http.post<ListedCard>(CARDS_PATH, body, { headers: await sensitiveCallHeaders() }),
  );
  const [form] = Form.useForm<IssueValues>();
  const target = Form.useWatch("target", form) ?? "open";
  /** Masked user IDs of invitees seen in searches, for cards the list sends without one. */
  const [maskedIds, setMaskedIds] = useState<ReadonlyMap<number, string>>(() => new Map());
  const [lastIssued, setLastIssued] = useState<ExperienceCard | null>(null);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [targetFilter, setTargetFilter] = useState<TargetFilter>("all");

  const claimUrl = (code: string) =>
    isLocale(locale) ? `${window.location.origin}${localePath(locale, PAGES.experienceCard.path)}?code=${encodeURIComponent(code)}` : "";
  const day = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" }) : "");
  const linkCode = (id: number | null) => links?.links.find((l) => l.id === id)?.code ?? String(id);
  // An invitee is shown by the masked user ID the invitees table shows, never by the internal numeric id.
  const inviteeLabel = (card: ListedCard): string => {
    const masked = card.inviteeMaskedId ?? (card.inviteeId !== null ? maskedIds.get(card.inviteeId) : undefined);
    return masked ? t("toInvitee", { user: masked }) : t("targetInvitee");
  };
  const given = (card: ListedCard) =>
    card.linkId !== null ? t("toLink", { code: linkCode(card.linkId) }) : card.inviteeId !== null ? inviteeLabel(card) : t("toAnyone");

  const copy = async (code: string) => {
    const url = claimUrl(code);
    try {
      await navigator.clipboard.writeText(url);
      void showMessage("success", t("copied"), "card-copy");
    } catch {
      window.prompt(t("copyLink"), url); // clipboard refused: let the user copy by hand
    }
  };

  const issue = async (values: IssueValues) => {
    if (!data) return;
    try {
      const card = await issueCard.runAsync({
        amountUsdt: values.amountUsdt as AffiliateCardIssueRequest["amountUsdt"],
        validDays: values.validDays as NonNullable<AffiliateCardIssueRequest["validDays"]>,
        ...(values.target === "link" && values.linkId !== undefined ? { linkId: values.linkId } : {}),
        ...(values.target === "invitee" && values.invitee !== undefined ? { inviteeId: values.invitee.value } : {}),
      });
      mutate({ ...data, cards: [card, ...data.cards], usedThisMonth: data.usedThisMonth + 1, remaining: Math.max(0, data.remaining - 1) });
      setLastIssued(card);
      void showMessage("success", t("issued", { code: card.code }), "card-issued");
    } catch (error) {
      if (isQuotaExceeded(error)) {
        replaceErrorToast(error, t("quotaExceeded"));
        mutate({ ...data, remaining: 0 });
      }
    }
  };

  const shown = useMemo(
    () => (data?.cards ?? []).filter((c) => (statusFilter === "all" || c.status === statusFilter) && (targetFilter === "all" || targetOf(c) === targetFilter)),
    [data, statusFilter, targetFilter],
  );
  const monthLabel = data ? format.dateTime(new Date(`${data.month}-01T00:00:00Z`), { year: "numeric", month: "long", timeZone: "UTC" }) : "";
  const usedShare = data && data.monthlyQuota > 0 ? Math.min(100, (data.usedThisMonth / data.monthlyQuota) * 100) : 0;

  return (
    <>
      <section className="section" aria-labelledby="quota-title">
        <div className={`card ${styles.quota}`} data-testid="card-quota" aria-busy={!data}>
          <h2 id="quota-title">{t("quotaTitle", { month: monthLabel })}</h2>
          <dl className={styles.quotaFigures}>
            <div>
              <dt>{t("quotaUsed")}</dt>
              <dd data-testid="quota-used">{data ? format.number(data.usedThisMonth) : "\u00a0"}</dd>
            </div>
            <div>
              <dt>{t("quotaTotal")}</dt>
              <dd>{data ? format.number(data.monthlyQuota) : "\u00a0"}</dd>
            </div>
            <div>
              <dt>{t("quotaRemaining")}</dt>
              <dd data-testid="quota-remaining">{data ? format.number(data.remaining) : "\u00a0"}</dd>
            </div>
          </dl>
          <div className={styles.meter} role="img" aria-label={data ? t("quotaMeter", { used: data.usedThisMonth, quota: data.monthlyQuota }) : t("quotaTotal")}>
            <span style={{ inlineSize: `${usedShare}%` }} />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="issue-title">
        <h2 id="issue-title">{t("issueTitle")}</h2>
        {data && data.remaining === 0 && <p className={styles.notice} role="status">{t("quotaExceeded")}</p>}
        <Form<IssueValues>
          form={form}
          name="cardIssue"
          layout="vertical"
          className={styles.issueForm}
          initialValues={{ amountUsdt: 10, validDays: 30, target: "open" }}
          onFinish={(values) => void issue(values)}
          data-testid="card-issue-form"
        >
          <Form.Item name="amountUsdt" label={t("amount")} rules={[{ required: true }]}>
            <Radio.Group optionType="button" buttonStyle="solid" options={(data?.amountsUsdt ?? [10, 20, 50, 100]).map((a) => ({ value: a, label: <bdi>{`${format.number(a)} USDT`}</bdi> }))} />
          </Form.Item>
          <Form.Item name="validDays" label={t("validity")} rules={[{ required: true }]}>
            <Radio.Group optionType="button" buttonStyle="solid" options={(data?.validDaysOptions ?? [7, 14, 30]).map((d) => ({ value: d, label: t("validDays", { days: d }) }))} />
          </Form.Item>
          <Form.Item name="target" label={t("target")}>
            <Radio.Group
              options={[
                { value: "open", label: t("targetOpen") },
                { value: "link", label: t("targetLink") },
                { value: "invitee", label: t("targetInvitee") },
              ]}
            />
          </Form.Item>
          {target === "link" && (
            <Form.Item name="linkId" label={t("link")} rules={[{ required: true }]}>
              <Select
                style={{ maxWidth: 360 }}
                options={(links?.links ?? []).filter((l) => !l.archived).map((l) => ({ value: l.id, label: `${l.label} (${l.code})` }))}
              />
            </Form.Item>
          )}
          {target === "invitee" && (
            <Form.Item name="invitee" label={t("invitee")} rules={[{ required: true }]} extra={t("inviteeHelp")}>
              <Select<ChosenInvitee>
                labelInValue
                style={{ maxWidth: 360 }}
                showSearch={{ filterOption: false, onSearch: (text: string) => invitees.run(searchTerm(text)) }}
                onFocus={() => {
                  if (!invitees.data) invitees.run("");
                }}
                loading={invitees.loading}
                options={(invitees.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.maskedUserId} · ${day(i.registeredAt)}` }))}
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={issueCard.loading} disabled={!data || data.remaining === 0} className={styles.touch}>
            {t("issue")}
          </Button>
        </Form>
        {lastIssued && (
          <div className={`card ${styles.issuedCard}`} role="status" data-testid="card-issued">
            <p>{t("issuedBody", { amount: format.number(lastIssued.amountUsdt), date: day(lastIssued.expiresAt) })}</p>
            <p className={styles.claimUrl}><bdi>{claimUrl(lastIssued.code)}</bdi></p>
            <button type="button" className="button button-ghost" onClick={() => void copy(lastIssued.code)}>{t("copyLink")}</button>
          </div>
        )}
      </section>

      <section className="section" aria-labelledby="cards-title">
        <div className="section-head">
          <h2 id="cards-title">{t("listTitle")}</h2>
          <div className={styles.filters}>
            <div role="group" aria-label={t("filterStatus")} className="segmented" data-testid="card-status-filter">
              {(["all", ...AFFILIATE_CARD_STATUSES] as const).map((s) => (
                <button key={s} type="button" aria-pressed={statusFilter === s} onClick={() => setStatusFilter(s)}>
                  {s === "all" ? t("all") : t(`status.${s}`)}
                </button>
              ))}
            </div>
            <label className={styles.selectLabel}>
              <span>{t("filterTarget")}</span>
              <select value={targetFilter} onChange={(event) => setTargetFilter(event.target.value as TargetFilter)} data-testid="card-target-filter">
                <option value="all">{t("all")}</option>
                <option value="open">{t("toAnyone")}</option>
                <option value="link">{t("targetLink")}</option>
                <option value="invitee">{t("targetInvitee")}</option>
              </select>
            </label>
          </div>
        </div>
        <div className="table-scroll">
          <table className="data-table" aria-busy={!data} data-testid="cards-table">
            <caption>{t("listCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("code")}</th>
                <th scope="col">{t("amount")}</th>
                <th scope="col">{t("statusCol")}</th>
                <th scope="col">{t("givenTo")}</th>
                <th scope="col">{t("issuedAt")}</th>
                <th scope="col">{t("expiresAt")}</th>
                <th scope="col">{t("claimedAt")}</th>
                <th scope="col">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((card) => (
                <tr key={card.id} data-code={card.code} data-status={card.status}>
                  <th scope="row"><bdi>{card.code}</bdi></th>
                  <td><bdi className={styles.money}>{`${format.number(card.amountUsdt)} USDT`}</bdi></td>
                  <td><span className={styles.badge} data-status={card.status}>{t(`status.${card.status}`)}</span></td>
                  <td>{given(card)}</td>
                  <td>{day(card.issuedAt)}</td>
                  <td>{day(card.expiresAt)}</td>
                  <td>{day(card.claimedAt)}</td>
                  <td>
                    {card.status === "issued" && (
                      <button type="button" className="link-button" onClick={() => void copy(card.code)}>{t("copyLink")}</button>
                    )}
                  </td>
                </tr>
              ))}
              {data && shown.length === 0 && (
                <tr>
                  <td colSpan={8} className="muted">{t("noCards")}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
