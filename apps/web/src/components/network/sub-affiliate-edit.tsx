"use client";
import { Form, Input, InputNumber, Modal } from "antd";
import { useTranslations } from "next-intl";
import type { SubAffiliateUpdateRequest, SubAffiliateWithOffer as SubAffiliate } from "@affiliates/contracts";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { useBpsPercent } from "@/lib/use-bps-percent";
import type { SubAffiliateChecks } from "./sub-affiliate-checks";
import { bpsToPercent, NOTE_MAX, percentToBps, SUB_AFFILIATE_HANDLED_CODES } from "./sub-affiliate-rules";
import styles from "./network.module.css";
import { SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";

interface EditValues {
  ratePercent: number;
  note: string;
}

/** The rate the dialog starts from: the one offered and awaiting the partner, else the one in force. */
const shownRate = (sub: SubAffiliate) => sub.pendingOffer?.rateBps ?? sub.rateBps;

/**
 * The dialog that changes a partner's rate (an offer the partner accepts, the agreed rate staying in force meanwhile)
 * and private note. `editing`: the partner (null: closed); `onSaved`: the partner as the API answered.
 */
export function SubAffiliateEdit({
  editing,
  ownBps,
  checks,
  onSaved,
  onClose,
}: {
  editing: SubAffiliate | null;
  ownBps: number;
  checks: SubAffiliateChecks;
  onSaved: (sub: SubAffiliate) => void;
  onClose: () => void;
}) {
  const t = useTranslations("network.subAffiliates");
  const percent = useBpsPercent();
  const [editForm] = Form.useForm<EditValues>();
  // The rate refusals the form explains next to the field are not toasted (handledCodes): the user reads them once.
  const update = useApiAction((userId: string, body: SubAffiliateUpdateRequest) =>
    api.subAffiliateUpdate({ userId, ...body }, { handledCodes: SUB_AFFILIATE_HANDLED_CODES }),
  );
  const maxPercent = Math.max(0, bpsToPercent(ownBps) - 0.01);

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
      onSaved(sub);
      onClose();
      void showMessage(
        "success",
        sub.pendingOffer && offered
          ? t("offerSent", { name: sub.name, rate: percent(sub.pendingOffer.rateBps), current: percent(sub.rateBps) })
          : t("saved"),
        "sub-saved",
      );
    } catch (failure) {
      // Every refusal of a change concerns the rate (the note's length is checked before sending).
      const refused = checks.refusalText(failure);
      if (refused) editForm.setFields([{ name: "ratePercent", errors: [refused.text] }]);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={editing ? t("editTitle", { name: editing.name }) : ""}
      onCancel={onClose}
      okText={t("save")}
      cancelText={t("cancel")}
      confirmLoading={update.loading}
      onOk={() => editForm.submit()}
      destroyOnHidden
    >
      {editing && (
        <Form<EditValues>
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
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
            rules={checks.rateRules(true)}
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
          <Form.Item name="note" label={t("note")} rules={[{ max: NOTE_MAX }]} extra={t("noteHelp", { max: NOTE_MAX })}>
            <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount placeholder={t("notePlaceholder")} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
