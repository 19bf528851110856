"use client";
import { useTranslations } from "next-intl";
import { isHttpError } from "@affiliates/http";
import { useApiErrorText } from "@/lib/api-error-text";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { SUB_AFFILIATE_HANDLED_CODES, subAffiliateRefusal, subRateProblem } from "./sub-affiliate-rules";

/** Where a refusal is said: next to the field it concerns, in this section's words. */
interface SubRefusal {
  field: "email" | "ratePercent";
  text: string;
}

/**
 * The sub-affiliate forms' checks against one's own rate and their refusals in words, shared by the invitation form,
 * the edit dialog and the withdrawal of an invitation, so the three say the same thing.
 */
export function useSubAffiliateChecks(ownBps: number) {
  const t = useTranslations("network.subAffiliates");
  const percent = useBpsPercent();
  const errorText = useApiErrorText();
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

  /**
   * A refusal the request client left to this section (handledCodes), in words: the known ones in this section's own
   * terms, any other as the product's sentence for it. Null for any other failure: the request client has shown it.
   */
  const refusalText = (failure: unknown): SubRefusal | null => {
    if (!isHttpError(failure) || failure.kind !== "business" || !SUB_AFFILIATE_HANDLED_CODES.includes(failure.code))
      return null;
    const refusal = subAffiliateRefusal(failure);
    if (refusal === "rateTooHigh") return { field: "ratePercent", text: rateTooHigh };
    if (refusal === "cannotInviteSelf") return { field: "email", text: t("cannotInviteSelf") };
    if (refusal === "invitationClosed") return { field: "email", text: t("invitationClosed") };
    return { field: "email", text: errorText(failure) };
  };

  return { rateRules, refusalText };
}

export type SubAffiliateChecks = ReturnType<typeof useSubAffiliateChecks>;
