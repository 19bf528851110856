"use client";
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { AffiliateResponseCode, ResponseCode, VipResponseCode } from "@affiliates/contracts";
import { errorToastText, isHttpError, UNKNOWN_ERROR_KEY, type ErrorMessageKey } from "@affiliates/http";

/**
 * Every business code the reference API answers, by name: the name is the message key (`apiErrors.<name>`), so a
 * code added to a contracts table without a sentence in the catalogue fails the message test, not a user.
 */
export const BUSINESS_CODE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    invalidCredentials: ResponseCode.invalidCredentials,
    emailTaken: ResponseCode.emailTaken,
    deviceTokenRequired: ResponseCode.deviceTokenRequired,
    ...AffiliateResponseCode,
    ...VipResponseCode,
  }).map(([name, code]) => [code, name]),
);

/** The catalogue key of a business code's sentence, or undefined for a code with none (HTTP statuses, unknown codes). */
export const apiErrorKey = (code: string): string | undefined => {
  const name = BUSINESS_CODE_NAMES[code];
  return name === undefined ? undefined : `apiErrors.${name}`;
};

/**
 * What the user reads for a failed call: a business refusal as a translated sentence that says what to do (no code,
 * no server English); anything else as spec §8's `[code] message`.
 */
export function useApiErrorText(): (error: unknown) => string {
  const t = useTranslations();
  return useCallback(
    (error: unknown) => {
      if (!isHttpError(error)) return t(UNKNOWN_ERROR_KEY);
      const key = error.kind === "business" ? apiErrorKey(error.code) : undefined;
      if (key !== undefined && t.has(key)) return t(key);
      return errorToastText(error, (messageKey: ErrorMessageKey) => t(messageKey));
    },
    [t],
  );
}
