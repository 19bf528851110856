"use client";
import { useState } from "react";
import { Button, Form, Radio, Select } from "antd";
import { useTranslations } from "next-intl";
import {
  AFFILIATE_CARD_AMOUNTS_USDT,
  AFFILIATE_CARD_VALIDITY_DAYS,
  type AffiliateCardIssueRequest,
  type ExperienceCard,
  type ExperienceCardList,
  type ReferralLinkList,
} from "@affiliates/contracts";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useFormRules, SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";
import { useFormat } from "@/lib/format-hook";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { useCardInviteeSearch, searchTerm } from "./card-invitee-search";
import { CardIssued } from "./card-issued";
import type { CardTarget } from "./card-list";
import { CARD_ISSUE_HANDLED_CODES, isQuotaExceeded, type ListedCard } from "./network-api";
import styles from "./network.module.css";

/** The chosen invitee keeps its label (the UID), also when a later search no longer lists it. */
interface ChosenInvitee {
  value: number;
  label: string;
}
interface IssueValues {
  amountUsdt: number;
  validDays: number;
  target: CardTarget;
  linkId?: number;
  invitee?: ChosenInvitee;
}

type Amount = AffiliateCardIssueRequest["amountUsdt"];
type ValidDays = NonNullable<AffiliateCardIssueRequest["validDays"]>;
const isAmount = (value: number): value is Amount => (AFFILIATE_CARD_AMOUNTS_USDT as readonly number[]).includes(value);
const isValidDays = (value: number): value is ValidDays =>
  (AFFILIATE_CARD_VALIDITY_DAYS as readonly number[]).includes(value);

interface Props {
  /** The month's list (undefined while it loads): its amounts, validity periods and what remains. */
  list: ExperienceCardList | undefined;
  links: { data: ReferralLinkList | undefined; error: Error | undefined; refresh: () => void };
  onIssued: (card: ListedCard) => void;
  /** The API refused for the quota: the list shows nothing left (and is read again). */
  onQuotaExceeded: () => void;
  /** UIDs the invitee search saw, for the card list. */
  onInviteesSeen: (seen: readonly (readonly [number, string])[]) => void;
}

/**
 * Issuing a card: an amount and a validity the contracts allow, and whom it is for (anyone with the link, sign-ups
 * through one of one's links, or one invitee). The quota refusal shows once, above the form.
 */
export function CardIssueForm({ list, links, onIssued, onQuotaExceeded, onInviteesSeen }: Props) {
  const t = useTranslations("network.cards");
  const rules = useFormRules();
  const format = useFormat();
  const [form] = Form.useForm<IssueValues>();
  const target = Form.useWatch("target", form) ?? "open";
  const [lastIssued, setLastIssued] = useState<ExperienceCard | null>(null);
  const invitees = useCardInviteeSearch(onInviteesSeen);
  const issueCard = useApiAction((body: AffiliateCardIssueRequest) =>
    api.cardIssue(body, { handledCodes: CARD_ISSUE_HANDLED_CODES }),
  );

  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });
  const amounts = (list?.amountsUsdt ?? [...AFFILIATE_CARD_AMOUNTS_USDT]).filter(isAmount);
  const validities = (list?.validDaysOptions ?? [...AFFILIATE_CARD_VALIDITY_DAYS]).filter(isValidDays);
  const quotaUsedUp = list !== undefined && list.remaining === 0;

  const issue = async (values: IssueValues) => {
    // The rules below have checked both; the guards narrow them to the contract's literal types.
    if (!list || !isAmount(values.amountUsdt) || !isValidDays(values.validDays)) return;
    try {
      const card = await issueCard.runAsync({
        amountUsdt: values.amountUsdt,
        validDays: values.validDays,
        ...(values.target === "link" && values.linkId !== undefined ? { linkId: values.linkId } : {}),
        ...(values.target === "invitee" && values.invitee !== undefined ? { inviteeId: values.invitee.value } : {}),
      });
      onIssued(card);
      setLastIssued(card);
      void showMessage("success", t("issued", { code: card.code }), "card-issued");
    } catch (failure) {
      if (isQuotaExceeded(failure)) onQuotaExceeded();
      // any other refusal: the request client has shown it
    }
  };

  return (
    <section className="section" aria-labelledby="issue-title">
      <h2 id="issue-title">{t("issueTitle")}</h2>
      {quotaUsedUp && (
        <p className={styles.notice} role="status" data-testid="card-quota-exceeded">
          {t("quotaExceeded")}
        </p>
      )}
      <Form<IssueValues>
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        form={form}
        name="cardIssue"
        layout="vertical"
        noValidate
        className={styles.issueForm}
        initialValues={{
          amountUsdt: AFFILIATE_CARD_AMOUNTS_USDT[0],
          validDays: AFFILIATE_CARD_VALIDITY_DAYS.at(-1),
          target: "open",
        }}
        onFinish={(values) => void issue(values)}
        data-testid="card-issue-form"
      >
        <Form.Item
          name="amountUsdt"
          label={t("amount")}
          rules={[{ required: true }, { type: "enum", enum: [...AFFILIATE_CARD_AMOUNTS_USDT] }]}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            className={styles.choices}
            options={amounts.map((a) => ({ value: a, label: <span data-money="">{format.amount(a, "USDT")}</span> }))}
          />
        </Form.Item>
        <Form.Item
          name="validDays"
          label={t("validity")}
          rules={[{ required: true }, { type: "enum", enum: [...AFFILIATE_CARD_VALIDITY_DAYS] }]}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            className={styles.choices}
            options={validities.map((d) => ({ value: d, label: t("validDays", { days: d }) }))}
          />
        </Form.Item>
        <Form.Item name="target" label={t("target")}>
          <Radio.Group
            className={styles.targets}
            options={[
              { value: "open", label: t("targetOpen") },
              { value: "link", label: t("targetLink") },
              { value: "invitee", label: t("targetInvitee") },
            ]}
          />
        </Form.Item>
        {target === "link" &&
          (hasLoadProblem(links) ? (
            <LoadProblem result={links} failed={t("linksLoadFailed")} />
          ) : (
            <Form.Item name="linkId" label={t("link")} rules={rules.choice()}>
              <Select
                className={styles.select}
                loading={!links.data}
                options={(links.data?.links ?? [])
                  .filter((l) => !l.archived)
                  .map((l) => ({ value: l.id, label: `${l.label} (${l.code})` }))}
              />
            </Form.Item>
          ))}
        {target === "invitee" && (
          <Form.Item name="invitee" label={t("invitee")} rules={rules.choice()} extra={t("inviteeHelp")}>
            <Select<ChosenInvitee>
              labelInValue
              className={styles.select}
              showSearch={{ filterOption: false, onSearch: (text: string) => invitees.run(searchTerm(text)) }}
              onFocus={() => {
                if (!invitees.data) invitees.run("");
              }}
              loading={invitees.loading}
              notFoundContent={
                invitees.error ? <LoadProblem result={invitees} failed={t("inviteesLoadFailed")} /> : undefined
              }
              options={(invitees.data?.items ?? []).map((i) => ({
                value: i.id,
                label: `${i.uid} · ${day(i.registeredAt)}`,
              }))}
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={issueCard.loading}
          disabled={!list || quotaUsedUp}
          className={styles.submit}
          data-testid="card-issue-submit"
        >
          {t("issue")}
        </Button>
      </Form>
      {lastIssued && <CardIssued card={lastIssued} />}
    </section>
  );
}
