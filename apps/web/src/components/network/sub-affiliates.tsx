"use client";
import { useState } from "react";
import { Button, Form, Input, InputNumber, Modal, Popconfirm } from "antd";
import { useTranslations } from "next-intl";
import { isHttpError } from "@affiliates/http";
import {
  SUB_INVITATION_VALID_DAYS,
  type SentSubInvitation,
  type SubAffiliateInviteRequest,
  type SubAffiliateUpdateRequest,
  type SubAffiliateWithOffer as SubAffiliate,
} from "@affiliates/contracts";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useApiErrorText } from "@/lib/api-error-text";
import { useFormat } from "@/lib/format-hook";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { useEndpoint } from "@/lib/use-endpoint";
import { useBpsPercent } from "@/lib/use-bps-percent";
import {
  bpsToPercent,
  INVITE_EMAIL_MAX,
  INVITE_EMAIL_PATTERN,
  NOTE_MAX,
  percentToBps,
  SUB_AFFILIATE_HANDLED_CODES,
  subAffiliateRefusal,
  subRateProblem,
} from "./sub-affiliate-rules";
import { MyInviter } from "./my-inviter";
import { rowAttributes } from "./row-attributes";
import styles from "./network.module.css";

interface InviteValues {
  email: string;
  ratePercent: number;
}
interface EditValues {
  ratePercent: number;
  note: string;
}

const fetchList = () => api.subAffiliates();
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/**
 * Sub-affiliates: the affiliate's partners with their rate, results of the last 30 days and private notes.
 * Partnership needs consent: the affiliate invites an email address at a rate strictly between 0 and their own, the
 * invitee accepts or declines; open invitations can be cancelled and a partnership ended (for future trades). An
 * invitation's terms never change (another rate is a new invitation) and it expires; after acceptance a new rate is an
 * offer the partner accepts, the agreed rate staying in force meanwhile. A sub-affiliate also sees their own inviter
 * here (MyInviter). Partners and open invitations are tables on wide screens and cards on phones.
 */
export function SubAffiliates() {
  const t = useTranslations("network.subAffiliates");
  const format = useFormat();
  const percent = useBpsPercent();
  const errorText = useApiErrorText();
  const { data, error, mutate, refresh } = useEndpoint("subAffiliates", {});
  const [editing, setEditing] = useState<SubAffiliate | null>(null);
  const [inviteSent, setInviteSent] = useState(false);
  const [inviteForm] = Form.useForm<InviteValues>();
  const [editForm] = Form.useForm<EditValues>();

  // The refusals the forms explain next to their fields are not toasted (handledCodes): the user reads them once.
  const invite = useApiAction((body: SubAffiliateInviteRequest) =>
    api.subAffiliateInvite(body, { handledCodes: SUB_AFFILIATE_HANDLED_CODES }),
  );
  const update = useApiAction((userId: string, body: SubAffiliateUpdateRequest) =>
    api.subAffiliateUpdate({ userId, ...body }, { handledCodes: SUB_AFFILIATE_HANDLED_CODES }),
  );
  const end = useApiAction((userId: string) => api.subAffiliateEnd({ userId }));
  const withdraw = useApiAction((id: number) =>
    api.subInvitationWithdraw({ id }, { handledCodes: SUB_AFFILIATE_HANDLED_CODES }),
  );

  const ownBps = data?.ownRateBps ?? 0;
  const money = (usdt: number) => (
    <span className={styles.money} data-money="">
      {format.amount(usdt, "USDT")}
    </span>
  );
  const count = (value: number) => format.number(value, { maximumFractionDigits: 0 });
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });
  const rateTooHigh = t("rateTooHigh", { rate: percent(ownBps) });
  const rateAboveZero = t("rateAboveZero", { min: percent(0) });
  // The forms' limits (the API refuses the same): an invitation strictly between 0 and one's own rate; a change below it.
  const rateRules = (allowZero: boolean) => [
    { required: true },
    {
      validator: (_rule: unknown, value: number | null | undefined) => {
        const problem = subRateProblem(value, ownBps, allowZero);
        return problem === null
          ? Promise.resolve()
          : Promise.reject(new Error(problem === "belowOwn" ? rateTooHigh : rateAboveZero));
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

  /**
   * A refusal the request client left to this section (handledCodes), in words: the known ones in this section's own
   * terms, any other as the product's sentence for it. Null for any other failure: the request client has shown it.
   */
  const refusalText = (failure: unknown): { field: "email" | "ratePercent"; text: string } | null => {
    if (!isHttpError(failure) || failure.kind !== "business" || !SUB_AFFILIATE_HANDLED_CODES.includes(failure.code))
      return null;
    const refusal = subAffiliateRefusal(failure);
    if (refusal === "rateTooHigh") return { field: "ratePercent", text: rateTooHigh };
    if (refusal === "cannotInviteSelf") return { field: "email", text: t("cannotInviteSelf") };
    if (refusal === "invitationClosed") return { field: "email", text: t("invitationClosed") };
    return { field: "email", text: errorText(failure) };
  };

  const sendInvite = async (values: InviteValues) => {
    setInviteSent(false);
    try {
      await invite.runAsync({ email: values.email.trim(), rateBps: percentToBps(values.ratePercent) });
    } catch (failure) {
      const refused = refusalText(failure);
      if (refused) inviteForm.setFields([{ name: refused.field, errors: [refused.text] }]);
      return;
    }
    // The same answer whether or not the address has an account: say so, never "added" or "not found".
    inviteForm.resetFields();
    setInviteSent(true);
    await reload();
  };

  /** The rate the dialog starts from: the one offered and awaiting the partner, else the one in force. */
  const shownRate = (sub: SubAffiliate) => sub.pendingOffer?.rateBps ?? sub.rateBps;

  const save = async (values: EditValues) => {
    if (!editing) return;
    // Only a changed rate is sent: the same one again would withdraw the offer awaiting the partner.
    const rateBps = percentToBps(values.ratePercent);
    const offered = rateBps !== shownRate(editing);
    try {
      const sub = await update.runAsync(editing.userId, {
        ...(offered ? { rateBps } : {}),
        note: (values.note ?? "").trim(),
      });
      if (data) mutate({ ...data, subAffiliates: data.subAffiliates.map((s) => (s.userId === sub.userId ? sub : s)) });
      setEditing(null);
      void showMessage(
        "success",
        sub.pendingOffer && offered
          ? t("offerSent", { name: sub.name, rate: percent(sub.pendingOffer.rateBps), current: percent(sub.rateBps) })
          : t("saved"),
        "sub-saved",
      );
    } catch (failure) {
      // Every refusal of a change concerns the rate (the note's length is checked before sending).
      const refused = refusalText(failure);
      if (refused) editForm.setFields([{ name: "ratePercent", errors: [refused.text] }]);
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
      void showMessage("success", t("invitationCancelled"), "sub-withdrawn");
    } catch (failure) {
      // Already answered or withdrawn elsewhere: the row leaves the list below, so the reason is a message of its own.
      const refused = refusalText(failure);
      if (refused) void showMessage("error", refused.text, "sub-withdrawn");
    }
    await reload();
  };

  const columns: ResponsiveColumn<SubAffiliate>[] = [
    {
      key: "name",
      title: t("name"),
      cardTitle: true,
      render: (_value: unknown, sub) => (
        <>
          <span className={styles.subName} id={`sub-name-${sub.userId}`}>
            {sub.name}
          </span>
          <bdi className={styles.subEmail}>{sub.email}</bdi>
        </>
      ),
    },
    {
      key: "rate",
      title: t("rate"),
      render: (_value: unknown, sub) => (
        <>
          <span data-cell="rate">{percent(sub.rateBps)}</span>
          {sub.pendingOffer && (
            <span className={styles.rateOffer} data-testid="sub-rate-offer">
              {t("offerAwaiting", { rate: percent(sub.pendingOffer.rateBps) })}
            </span>
          )}
        </>
      ),
    },
    { key: "joined", title: t("joined"), render: (_value: unknown, sub) => day(sub.joinedAt) },
    { key: "invitees", title: t("invitees"), render: (_value: unknown, sub) => count(sub.inviteesTotal) },
    { key: "newInvitees", title: t("newInvitees"), render: (_value: unknown, sub) => count(sub.last30d.newInvitees) },
    { key: "volume", title: t("volume"), render: (_value: unknown, sub) => money(sub.last30d.volumeUsdt) },
    { key: "commission", title: t("commission"), render: (_value: unknown, sub) => money(sub.last30d.commissionUsdt) },
    {
      key: "note",
      title: t("note"),
      render: (_value: unknown, sub) => (
        <span data-cell="note" className={styles.note}>
          {sub.note}
        </span>
      ),
    },
    {
      key: "actions",
      title: t("actions"),
      actions: true,
      render: (_value: unknown, sub) => (
        <div className={styles.rowActions}>
          <Button
            className={styles.action}
            onClick={() => setEditing(sub)}
            aria-label={t("editFor", { name: sub.name })}
            data-testid="sub-edit"
          >
            {t("edit")}
          </Button>
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
              className={styles.action}
              style={{ color: "var(--error-text)" }}
              data-testid="sub-end"
              aria-describedby={`sub-name-${sub.userId}`}
            >
              {t("end")}
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];

  const pendingColumns: ResponsiveColumn<SentSubInvitation>[] = [
    {
      key: "email",
      title: t("email"),
      cardTitle: true,
      render: (_value: unknown, invitation) => (
        <bdi className={styles.pendingEmail} id={`sub-pending-${invitation.id}`}>
          {invitation.email}
        </bdi>
      ),
    },
    {
      key: "rate",
      title: t("rate"),
      render: (_value: unknown, invitation) => <bdi>{percent(invitation.rateBps)}</bdi>,
    },
    { key: "sentOn", title: t("sentOn"), render: (_value: unknown, invitation) => day(invitation.createdAt) },
    {
      key: "validUntil",
      title: t("validUntil"),
      render: (_value: unknown, invitation) =>
        invitation.expired ? (
          <span className={styles.badge} data-status="expired" data-testid="sub-pending-expired">
            {t("expired")}
          </span>
        ) : (
          day(invitation.expiresAt)
        ),
    },
    {
      key: "actions",
      title: t("actions"),
      actions: true,
      render: (_value: unknown, invitation) => (
        <Button
          className={styles.action}
          onClick={() => void withdrawInvitation(invitation)}
          loading={withdraw.loading && withdraw.params[0] === invitation.id}
          disabled={withdraw.loading && withdraw.params[0] !== invitation.id}
          data-testid="sub-pending-withdraw"
          aria-describedby={`sub-pending-${invitation.id}`}
        >
          {t("cancelInvitation")}
        </Button>
      ),
    },
  ];

  const maxPercent = Math.max(0, bpsToPercent(ownBps) - 0.01);
  const subs = data?.subAffiliates ?? [];
  const pending = data?.pendingInvitations ?? [];
  return (
    <section className="section" aria-labelledby="sub-affiliates-title" data-testid="sub-affiliates">
      <h2 id="sub-affiliates-title">{t("title")}</h2>
      {hasLoadProblem({ data, error, refresh }) ? (
        <LoadProblem result={{ data, error, refresh }} failed={t("loadFailed")} />
      ) : (
        <>
          {data?.inviter && <MyInviter inviter={data.inviter} onChanged={reload} />}
          <p className="muted">{data ? t("intro", { rate: percent(ownBps) }) : "\u00a0"}</p>
          <p className={styles.caption} data-testid="table-caption">
            {t("caption")}
          </p>
          <div aria-busy={!data} data-testid="sub-affiliates-table" className={styles.tableSlot}>
            {data && subs.length === 0 ? (
              <p className="muted">{t("empty")}</p>
            ) : (
              <ResponsiveTable<SubAffiliate>
                columns={columns}
                rowKey="userId"
                label={t("caption")}
                dataSource={subs}
                loading={!data}
                pagination={false}
                scroll={{ x: "max-content" }}
                onRow={(sub) => rowAttributes({ "data-email": sub.email })}
              />
            )}
          </div>

          <h3 className={styles.subHeading}>{t("inviteTitle")}</h3>
          <p className="muted">{t("inviteHelp")}</p>
          <p className="muted">{t("inviteTerms", { days: SUB_INVITATION_VALID_DAYS })}</p>
          <Form<InviteValues>
            scrollToFirstError={{ behavior: "smooth", block: "center", focus: true }}
            form={inviteForm}
            name="subInvite"
            layout="vertical"
            noValidate
            onFinish={(values) => void sendInvite(values)}
            onValuesChange={() => setInviteSent(false)}
            data-testid="sub-invite-form"
            className={styles.inviteForm}
          >
            <Form.Item
              name="email"
              label={t("email")}
              extra={t("emailHelp")}
              normalize={trimmed}
              rules={[
                { required: true },
                { max: INVITE_EMAIL_MAX },
                { pattern: INVITE_EMAIL_PATTERN, message: t("emailInvalid") },
              ]}
            >
              <Input type="email" inputMode="email" dir="ltr" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="ratePercent"
              label={t("ratePercent")}
              rules={rateRules(false)}
              extra={data ? t("inviteRateHelp", { min: percent(0), rate: percent(ownBps) }) : undefined}
            >
              <InputNumber min={0} step={0.5} precision={2} inputMode="decimal" className={styles.fullWidth} />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={invite.loading}
              disabled={!data}
              className={styles.submit}
            >
              {t("invite")}
            </Button>
          </Form>
          <div role="status" className={styles.statusSlot}>
            {inviteSent && (
              <p className={styles.success} data-testid="sub-invite-sent">
                {t("inviteSent")}
              </p>
            )}
          </div>

          <div data-testid="sub-pending" aria-labelledby="sub-pending-title" role="group">
            <h3 id="sub-pending-title" className={styles.subHeading}>
              {t("pendingTitle")}
            </h3>
            {data && pending.length === 0 && <p className="muted">{t("pendingEmpty")}</p>}
            {pending.length > 0 && (
              <ResponsiveTable<SentSubInvitation>
                columns={pendingColumns}
                rowKey="id"
                label={t("pendingTitle")}
                dataSource={pending}
                pagination={false}
                onRow={(invitation) =>
                  rowAttributes({ "data-testid": "sub-pending-row", "data-email": invitation.email })
                }
              />
            )}
          </div>
        </>
      )}

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
            scrollToFirstError={{ behavior: "smooth", block: "center", focus: true }}
            key={editing.userId}
            form={editForm}
            name="subEdit"
            layout="vertical"
            noValidate
            initialValues={{ ratePercent: bpsToPercent(shownRate(editing)), note: editing.note }}
            onFinish={(values) => void save(values)}
            data-testid="sub-edit-form"
          >
            <Form.Item
              name="ratePercent"
              label={t("ratePercent")}
              rules={rateRules(true)}
              extra={
                <>
                  {t("rateHelp", { max: percent(percentToBps(maxPercent)) })}
                  <br />
                  {t("rateConsent", { name: editing.name, rate: percent(editing.rateBps) })}
                </>
              }
            >
              <InputNumber min={0} step={0.5} precision={2} inputMode="decimal" className={styles.fullWidth} />
            </Form.Item>
            <Form.Item
              name="note"
              label={t("note")}
              rules={[{ max: NOTE_MAX }]}
              extra={t("noteHelp", { max: NOTE_MAX })}
            >
              <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount placeholder={t("notePlaceholder")} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </section>
  );
}
