"use client";
import { Modal } from "antd";
import { useTranslations } from "next-intl";
import { MONEY_DIGITS } from "@/lib/format";
import { useFormat } from "@/lib/format-hook";
import styles from "./dashboard.module.css";

/**
 * The withdrawal's confirmation: what moves (`amount`, the whole balance; null: closed) and where. Money moves only
 * from its OK, which closes the dialog before the request starts, so a second tap finds nothing to press.
 */
export function WithdrawConfirm({
  amount,
  onConfirm,
  onCancel,
}: {
  amount: number | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("affiliateDashboard.payouts");
  const format = useFormat();
  return (
    <Modal
      open={amount !== null}
      title={t("confirmTitle")}
      okText={t("confirmOk")}
      cancelText={t("confirmCancel")}
      onOk={() => {
        if (amount !== null) onConfirm();
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <dl className={styles.withdrawConfirm} data-testid="withdraw-confirmation">
        <div>
          <dt>{t("amount")}</dt>
          <dd data-testid="withdraw-confirm-amount">
            {amount === null ? null : format.amount(amount, "USDT", MONEY_DIGITS)}
          </dd>
        </div>
        <div>
          <dt>{t("destination")}</dt>
          <dd data-testid="withdraw-confirm-destination">{t("destinations.spot")}</dd>
        </div>
      </dl>
      <p className="muted">{t("confirmNote")}</p>
    </Modal>
  );
}
