"use client";
import { useState } from "react";
import { Button, Form, Input, InputNumber, Modal, Popconfirm } from "antd";
import { useTranslations } from "next-intl";
import type {
  SentSubInvitation,
  SubAffiliate,
  SubAffiliateInviteRequest,
  SubAffiliateInviteSent,
  SubAffiliateList,
  SubAffiliateUpdateRequest,
  SubInvitationDecision,
} from "@affiliates/contracts";
import { NUM_TAG } from "@/lib/bidi";
import { useFormat } from "@/lib/format-hook";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { showMessage } from "@/lib/toast";
import { useApi, useApiAction } from "@/lib/use-api";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { replaceErrorToast, SUB_AFFILIATES_PATH, subAffiliatePath, subInvitationPath } from "./network-api";
import { bpsToPercent, percentToBps, subAffiliateRefusal, subRateProblem } from "./sub-affiliate-rules";
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
const fetchList = () => http.get<SubAffiliateList>(SUB_AFFILIATES_PATH);

/**
 * Sub-affiliates (issue 9): the affiliate's partners with their rate, results of the last 30 days and private notes.
 * Partnership needs consent: the affiliate invites an email address at a rate strictly between 0 and their own, the
 * invitee accepts or declines; open invitations can be withdrawn and a partnership ended (for future trades).
 */
export function SubAffiliates() {
  const t = useTranslations("network.subAffiliates");
  const format = useFormat();
  const percent = useBpsPercent();
  const { data, mutate } = useApi(SUB_AFFILIATES_PATH, fetchList);
  const [editing, setEditing] = useState<SubAffiliate | null>(null);
  const [inviteSent, setInviteSent] = useState(false);
  const [inviteForm] = Form.useForm<InviteValues>();
  const [editForm] = Form.useForm<EditValues>();

  const invite = useApiAction(async (body: SubAffiliateInviteRequest) =>
    http.post<SubAffiliateInviteSent>(SUB_AFFILIATES_PATH, body, { headers: await sensitiveCallHeaders() }),
  );
  const update = useApiAction(async (userId: string, body: SubAffiliateUpdateRequest) =>
    http.patch<SubAffiliate>(subAffiliatePath(userId), body, { headers: await sensitiveCallHeaders() }),
  );
  const end = useApiAction(async (userId: string) =>
    http.delete<{ userId: string; ended: true }>(subAffiliatePath(userId), { headers: await sensitiveCallHeaders() }),
  );
  const withdraw = useApiAction(async (id: number) =>
    http.delete<SubInvitationDecision>(subInvitationPath(id), { headers: await sensitiveCallHeaders() }),
  );

  const ownBps = data?.ownRateBps ?? 0;
  const money = (usdt: number) => `${format.number(usdt, { maximumFractionDigits: 2 })} USDT`;
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });
  const rateTooHigh = t("rateTooHigh", { rate: percent(ownBps) });
  const rateAboveZero = t("rateAboveZero", { min: percent(0) });
  // The forms' limits (the API refuses the same): an invitation strictly between 0 and one's own rate; a change below it.
  const rateRules = (allowZero: boolean) => [
    { required: true },
    {
      validator: (_rule: unknown, value: number | null | undefined) => {
        const problem = subRateProblem(value, ownBps, allowZero);
        return problem === null ? Promise.resolve() : Promise.reject(new Error(problem === "belowOwn" ? rateTooHigh : rateAboveZero));
      },
    },
  ];

  // A fresh cached answer would stand in for refresh(): read the list again and put it in the cache.
  const reload = async () => {
    try {
      mutate(await fetchList());
    } catch {
      // the request client has shown the error; the list stays as it was
    }
  };

  /** A known refusal: the translated text in place of the raw toast, and on the field it concerns. */
  const explain = (error: unknown, showOnField?: (field: "email" | "ratePercent", text: string) => void) => {
    const refusal = subAffiliateRefusal(error);
    if (!refusal) return;
    const text = refusal === "rateTooHigh" ? rateTooHigh : t(refusal);
    replaceErrorToast(error, text);
    showOnField?.(refusal === "cannotInviteSelf" ? "email" : "ratePercent", text);
  };

  const sendInvite = async (values: InviteValues) => {
    setInviteSent(false);
    try {
      await invite.runAsync({ email: values.email.trim(), rateBps: percentToBps(values.ratePercent) });
    } catch (error) {
      explain(error, (field, text) => inviteForm.setFields([{ name: field, errors: [text] }]));
      return;
    }
    // The same answer whether or not the address has an account: say so, never "added" or "not found".
    inviteForm.resetFields();
    setInviteSent(true);
    await reload();
  };

  const save = async (values: EditValues) => {
    if (!editing) return;
    try {
      const sub = await update.runAsync(editing.userId, { rateBps: percentToBps(values.ratePercent), note: (values.note ?? "").trim() });
      if (data) mutate({ ...data, subAffiliates: data.subAffiliates.map((s) => (s.userId === sub.userId ? sub : s)) });
      setEditing(null);
      void showMessage("success", t("saved"), "sub-saved");
    } catch (error) {
      explain(error, (_field, text) => editForm.setFields([{ name: "ratePercent", errors: [text] }]));
    }
  };

  const endPartnership = async (sub: SubAffiliate) => {
    try {
      await end.runAsync(sub.userId);
    } catch {
      return; // the request client has shown the error
    }
    void showMessage("success", t("ended", { name: sub.name }), "sub-ended");
    await reload();
  };

  const withdrawInvitation = async (invitation: SentSubInvitation) => {
    try {
      await withdraw.runAsync(invitation.id);
      void showMessage("success", t("withdrawn"), "sub-withdrawn");
    } catch (error) {
      explain(error); // already answered or withdrawn elsewhere: the list below shows what is still open
    }
    await reload();
  };

  const maxPercent = Math.max(0, bpsToPercent(ownBps) - 0.01);
  const subs = data?.subAffiliates ?? [];
  const pending = data?.pendingInvitations ?? [];
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
                  <span className={styles.subName} id={`sub-name-${sub.userId}`}>{sub.name}</span>
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
                  <div className={styles.rowActions}>
                    <button type="button" className={`link-button ${styles.touch}`} onClick={() => setEditing(sub)} aria-label={t("editFor", { name: sub.name })}>
                      {t("edit")}
                    </button>
                    <Popconfirm
                      title={t("endTitle", { name: sub.name })}
                      description={<p className={styles.confirmBody}>{t("endBody", { name: sub.name })}</p>}
                      okText={t("endConfirm")}
                      cancelText={t("cancel")}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => endPartnership(sub)}
                      styles={{ root: { maxInlineSize: "min(360px, calc(100vw - 24px))" } }}
                    >
                      {/* The theme's error text colour, not antd's danger red, which is too light on white (WCAG 1.4.3). */}
                      <Button
                        type="link"
                        className={`${styles.touch} ${styles.linkAction}`}
                        style={{ color: "var(--error-text)" }}
                        data-testid="sub-end"
                        aria-describedby={`sub-name-${sub.userId}`}
                      >
                        {t("end")}
                      </Button>
                    </Popconfirm>
                  </div>
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
      <Form<InviteValues>
        form={inviteForm}
        name="subInvite"
        layout="vertical"
        noValidate
        onFinish={(values) => void sendInvite(values)}
        onValuesChange={() => setInviteSent(false)}
        data-testid="sub-invite-form"
        className={styles.inviteForm}
      >
        <Form.Item name="email" label={t("email")} rules={[{ required: true }, { type: "email" }, { max: 254 }]}>
          <Input type="email" inputMode="email" dir="ltr" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="ratePercent"
          label={t("ratePercent")}
          rules={rateRules(false)}
          extra={data ? t("inviteRateHelp", { min: percent(0), rate: percent(ownBps) }) : undefined}
        >
          <InputNumber min={0} step={0.5} precision={2} className={styles.fullWidth} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.loading} disabled={!data} className={styles.touch}>{t("invite")}</Button>
      </Form>
      <div role="status" className={styles.statusSlot}>
        {inviteSent && <p className={styles.success} data-testid="sub-invite-sent">{t("inviteSent")}</p>}
      </div>

      <div data-testid="sub-pending" aria-labelledby="sub-pending-title" role="group" className={styles.pending}>
        <h3 id="sub-pending-title" className={styles.subHeading}>{t("pendingTitle")}</h3>
        {data && pending.length === 0 && <p className="muted">{t("pendingEmpty")}</p>}
        {pending.length > 0 && (
          <ul className={styles.pendingList}>
            {pending.map((invitation) => (
              <li key={invitation.id} className={styles.pendingRow} data-testid="sub-pending-row" data-email={invitation.email}>
                <div className={styles.pendingInfo}>
                  <bdi className={styles.pendingEmail} id={`sub-pending-${invitation.id}`}>{invitation.email}</bdi>
                  <span className="muted">{t.rich("pendingMeta", { rate: percent(invitation.rateBps), date: day(invitation.createdAt), ...NUM_TAG })}</span>
                </div>
                <Button
                  className={styles.touch}
                  onClick={() => void withdrawInvitation(invitation)}
                  loading={withdraw.loading && withdraw.params[0] === invitation.id}
                  disabled={withdraw.loading && withdraw.params[0] !== invitation.id}
                  data-testid="sub-pending-withdraw"
                  aria-describedby={`sub-pending-${invitation.id}`}
                >
                  {t("withdraw")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Modal
        open={editing !== null}
        title={editing ? t("editTitle", { name: editing.name }) : ""}
        onCancel={() => setEditing(null)}
        okText={t("save")}
        cancelText={t("cancel")}
        confirmLoading={update.loading}
        onOk={() => editForm.submit()}
        destroyOnHidden
      >
        {editing && (
          <Form<EditValues>
            key={editing.userId}
            form={editForm}
            name="subEdit"
            layout="vertical"
            noValidate
            initialValues={{ ratePercent: bpsToPercent(editing.rateBps), note: editing.note }}
            onFinish={(values) => void save(values)}
            data-testid="sub-edit-form"
          >
            <Form.Item name="ratePercent" label={t("ratePercent")} rules={rateRules(true)} extra={t("rateHelp", { max: percent(percentToBps(maxPercent)) })}>
              <InputNumber min={0} step={0.5} precision={2} className={styles.fullWidth} />
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
