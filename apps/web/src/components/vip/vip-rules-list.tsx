import { useTranslations } from "next-intl";
import type { VipProgramme } from "@affiliates/contracts";
import styles from "./vip.module.css";

/** The review, protection and grace rules with the API's figures (also shown by the guide). */
export function VipRulesList({ rules }: { rules: VipProgramme["rules"] }) {
  const t = useTranslations("vipProgramme");
  const hour = `${String(rules.reviewHourUtc).padStart(2, "0")}:00`;
  return (
    <ul className={styles.rules}>
      <li>{t("rulesReview", { hour })}</li>
      <li>{t("rulesProtection", { days: rules.protectionDays })}</li>
      <li>{t("rulesGrace", { days: rules.graceDays })}</li>
    </ul>
  );
}
