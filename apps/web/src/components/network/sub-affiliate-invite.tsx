"use client";
import { useState } from "react";
import { Button, Form, Input, InputNumber } from "antd";
import { useTranslations } from "next-intl";
import { SUB_INVITATION_VALID_DAYS, type SubAffiliateInviteRequest } from "@affiliates/contracts";
import { api } from "@/lib/api";
import { useApiAction } from "@/lib/use-api";
import { useBpsPercent } from "@/lib/use-bps-percent";
import type { SubAffiliateChecks } from "./sub-affiliate-checks";
import {
  INVITE_EMAIL_MAX,
  INVITE_EMAIL_PATTERN,
  percentToBps,
  SUB_AFFILIATE_HANDLED_CODES,
} from "./sub-affiliate-rules";
import styles from "./network.module.css";
import { SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";

interface InviteValues {
  email: string;
  ratePercent: number;
}

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/**
 * Inviting a partner by email address at a rate below one's own, with the terms of an invitation and, once sent, the
 * same words whether or not the address has an account. `ready`: the list (and so one's own rate) has arrived.
 */
export function SubAffiliateInvite({
  ownBps,
  ready,
  checks,
  onSent,
}: {
  ownBps: number;
  ready: boolean;
  checks: SubAffiliateChecks;
  onSent: () => Promise<void>;
}) {
  const t = useTranslations("network.subAffiliates");
  const percent = useBpsPercent();
  const [inviteSent, setInviteSent] = useState(false);
  const [inviteForm] = Form.useForm<InviteValues>();
  // The refusals the form explains next to its fields are not toasted (handledCodes): the user reads them once.
  const invite = useApiAction((body: SubAffiliateInviteRequest) =>
    api.subAffiliateInvite(body, { handledCodes: SUB_AFFILIATE_HANDLED_CODES }),
  );

  const sendInvite = async (values: InviteValues) => {
    setInviteSent(false);
    try {
      await invite.runAsync({ email: values.email.trim(), rateBps: percentToBps(values.ratePercent) });
    } catch (failure) {
      const refused = checks.refusalText(failure);
      if (refused) inviteForm.setFields([{ name: refused.field, errors: [refused.text] }]);
      return;
    }
    // The same answer whether or not the address has an account: say so, never "added" or "not found".
    inviteForm.resetFields();
    setInviteSent(true);
    await onSent();
  };

  return (
    <>
      <h3 className={styles.subHeading}>{t("inviteTitle")}</h3>
      <p className="muted">{t("inviteHelp")}</p>
      <p className="muted">{t("inviteTerms", { days: SUB_INVITATION_VALID_DAYS })}</p>
      <Form<InviteValues>
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
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
          rules={checks.rateRules(false)}
          extra={ready ? t("inviteRateHelp", { min: percent(0), rate: percent(ownBps) }) : undefined}
        >
          <InputNumber min={0} step={0.5} precision={2} inputMode="decimal" className={styles.fullWidth} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.loading} disabled={!ready} className={styles.submit}>
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
    </>
  );
}
