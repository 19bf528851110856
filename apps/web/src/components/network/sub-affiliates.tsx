"use client";
import { useState } from "react";
import { Button, Form, Input, InputNumber, Modal } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import type { SubAffiliate, SubAffiliateList } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { showMessage } from "@/lib/toast";
import { useApi } from "@/lib/use-api";
import { bpsToPercent, percentToBps, replaceErrorToast, SUB_AFFILIATES_PATH, subAffiliateRefusal } from "./network-api";
import styles from "./network.module.css";

interface InviteValues {
  email: string;
  ratePercent: number;
}
interface EditValues {
  ratePercent: number;
  note: string;
}

const NOTE_MAX = 500;

/**
 * Sub-affiliates (issue 9): the affiliate's partners with their rate, results of the last 30 days and private notes;
 * invite one by email and set or change their rate, always below one's own (the form checks it, the API refuses it).
 */
export function SubAffiliates() {
  const t = useTranslations("network.subAffiliates");
  const format = useFormat();
  const { data, mutate } = useApi(SUB_AFFILIATES_PATH, () => http.get<SubAffiliateList>(SUB_AFFILIATES_PATH));
  const [editing, setEditing] = useState<SubAffiliate | null>(null);
  const [sending, setSending] = useState(false);
  const [inviteForm] = Form.useForm<InviteValues>();
  const [editForm] = Form.useForm<EditValues>();

  const ownBps = data?.ownRateBps ?? 0;
  const percent = (bps: number) => format.number(bps / 10_000, { style: "percent", maximumFractionDigits: 2 });
  const money = (usdt: number) => `${format.number(usdt, { maximumFractionDigits: 2 })} USDT`;
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });
  const rateTooHigh = t("rateTooHigh", { rate: percent(ownBps) });
  // The form's limit: strictly below one's own rate (the API refuses equal or above with the same meaning).
  const rateRules = [
    { required: true },
    {
      validator: (_rule: unknown, value: number | null | undefined) =>
        value === null || value === undefined || percentToBps(value) < ownBps ? Promise.resolve() : Promise.reject(new Error(rateTooHigh)),
    },
  ];

  const upsert = (sub: SubAffiliate) => {
    if (!data) return;
    const others = data.subAffiliates.filter((s) => s.userId !== sub.userId);
    const exists = others.length !== data.subAffiliates.length;
    mutate({ ...data, subAffiliates: exists ? data.subAffiliates.map((s) => (s.userId === sub.userId ? sub : s)) : [...data.subAffiliates, sub] });
  };

  /** A known refusal: the translated text on the field and in place of the raw toast. */
  const explain = (error: unknown, showOnField: (field: "email" | "ratePercent", text: string) => void) => {
    const refusal = subAffiliateRefusal(error);
    if (!refusal) return;
    const text = refusal === "rateTooHigh" ? rateTooHigh : t(refusal);
    replaceErrorToast(error, text);
    showOnField(refusal === "rateTooHigh" ? "ratePercent" : "email", text);
  };

  const invite = async (values: InviteValues) => {
    setSending(true);
    try {
      const sub = await http.post<SubAffiliate>(SUB_AFFILIATES_PATH, { email: values.email.trim(), rateBps: percentToBps(values.ratePercent) }, { headers: await sensitiveCallHeaders() });
      upsert(sub);
      inviteForm.resetFields();
      void showMessage("success", t("invited", { email: sub.email }), "sub-invited");
    } catch (error) {
      explain(error, (field, text) => inviteForm.setFields([{ name: field, errors: [text] }]));
    } finally {
      setSending(false);
    }
  };

  const openEdit = (sub: SubAffiliate) => setEditing(sub);

  const save = async (values: EditValues) => {
    if (!editing) return;
    setSending(true);
    try {
      const body = { rateBps: percentToBps(values.ratePercent), note: (values.note ?? "").trim() };
      const sub = await http.patch<SubAffiliate>(`${SUB_AFFILIATES_PATH}/${encodeURIComponent(editing.userId)}`, body, { headers: await sensitiveCallHeaders() });
      upsert(sub);
      setEditing(null);
      void showMessage("success", t("saved"), "sub-saved");
    } catch (error) {
      explain(error, (_field, text) => editForm.setFields([{ name: "ratePercent", errors: [text] }]));
    } finally {
      setSending(false);
    }
  };

  const maxPercent = Math.max(0, bpsToPercent(ownBps) - 0.01);
  const subs = data?.subAffiliates ?? [];
  return (
    <section className="section" aria-labelledby="sub-affiliates-title" data-testid="sub-affiliates">
      <h2 id="sub-affiliates-title">{t("title")}</h2>
      <p className="muted">{data ? t("intro", { rate: percent(ownBps) }) : "\u00a0"}</p>
      <div className="table-scroll">
        <table className="data-table" aria-busy={!data} data-testid="sub-affiliates-table">
          <caption>{t("caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("name")}</th>
              <th scope="col">{t("rate")}</th>
              <th scope="col">{t("joined")}</th>
              <th scope="col">{t("invitees")}</th>
              <th scope="col">{t("newInvitees")}</th>
              <th scope="col">{t("volume")}</th>
              <th scope="col">{t("commission")}</th>
              <th scope="col">{t("note")}</th>
              <th scope="col">{t("actions")}</th>
            </tr>
          </thead>
          <tbody>
            {subs.map((sub) => (
              <tr key={sub.userId} data-email={sub.email}>
                <th scope="row">
                  <span className={styles.subName}>{sub.name}</span>
                  <bdi className={styles.subEmail}>{sub.email}</bdi>
                </th>
                <td data-cell="rate">{percent(sub.rateBps)}</td>
                <td>{day(sub.joinedAt)}</td>
                <td>{format.number(sub.inviteesTotal)}</td>
                <td>{format.number(sub.last30d.newInvitees)}</td>
                <td><bdi className={styles.money}>{money(sub.last30d.volumeUsdt)}</bdi></td>
                <td><bdi className={styles.money}>{money(sub.last30d.commissionUsdt)}</bdi></td>
                <td data-cell="note" className={styles.note}>{sub.note}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => openEdit(sub)} aria-label={t("editFor", { name: sub.name })}>
                    {t("edit")}
                  </button>
                </td>
              </tr>
            ))}
            {data && subs.length === 0 && (
              <tr>
                <td colSpan={9} className="muted">{t("empty")}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <h3 className={styles.subHeading}>{t("inviteTitle")}</h3>
      <p className="muted">{t("inviteHelp")}</p>
      <Form<InviteValues> form={inviteForm} name="subInvite" layout="inline" onFinish={(values) => void invite(values)} data-testid="sub-invite-form" className={styles.inlineForm}>
        <Form.Item name="email" label={t("email")} rules={[{ required: true }, { type: "email" }, { max: 254 }]}>
          <Input style={{ width: 240 }} dir="ltr" autoComplete="off" />
        </Form.Item>
        <Form.Item name="ratePercent" label={t("ratePercent")} rules={rateRules} extra={data ? t("rateHelp", { max: percent(percentToBps(maxPercent)) }) : undefined}>
          <InputNumber min={0} step={0.5} precision={2} style={{ width: 120 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} disabled={!data}>{t("invite")}</Button>
      </Form>

      <Modal
        open={editing !== null}
        title={editing ? t("editTitle", { name: editing.name }) : ""}
        onCancel={() => setEditing(null)}
        okText={t("save")}
        cancelText={t("cancel")}
        confirmLoading={sending}
        onOk={() => editForm.submit()}
        destroyOnHidden
      >
        {editing && (
        <Form<EditValues>
          key={editing.userId}
          form={editForm}
          name="subEdit"
          layout="vertical"
          initialValues={{ ratePercent: bpsToPercent(editing.rateBps), note: editing.note }}
          onFinish={(values) => void save(values)}
          data-testid="sub-edit-form"
        >
          <Form.Item name="ratePercent" label={t("ratePercent")} rules={rateRules} extra={t("rateHelp", { max: percent(percentToBps(maxPercent)) })}>
            <InputNumber min={0} step={0.5} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="note" label={t("note")} rules={[{ max: NOTE_MAX }]}>
            <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount placeholder={t("notePlaceholder")} />
          </Form.Item>
        </Form>
        )}
      </Modal>
    </section>
  );
}
