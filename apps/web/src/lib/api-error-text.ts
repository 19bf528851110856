"use client";
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import {
  AffiliateResponseCode,
  ResponseCode,
  SILENT_CODES,
  SUCCESS_CODES,
  VipResponseCode,
} from "@affiliates/contracts";
import { errorToastText, isHttpError, UNKNOWN_ERROR_KEY, type ErrorMessageKey } from "@affiliates/http";
import { asDataTranslator } from "./message-keys";

/**
 * A business code of the shared table: five digits (three-digit codes are HTTP statuses, which keep requirements.md §8's own
 * texts), neither success nor one of the silent codes.
 */
export const isSharedBusinessCode = (code: string): boolean =>
  /^\d{5}$/.test(code) && !SUCCESS_CODES.includes(code) && !SILENT_CODES.includes(code);

/** The contracts' business-code tables, by name: the shared table's business codes, the affiliate's and the VIP's. */
export const BUSINESS_CODES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(ResponseCode).filter(([, code]) => isSharedBusinessCode(code))),
  ...AffiliateResponseCode,
  ...VipResponseCode,
};

/**
 * Every business code the reference API answers, by code: the name is the message key (`apiErrors.<name>`), so a
 * code added to a contracts table without a sentence in the catalogue fails the message test, not a user.
 */
export const BUSINESS_CODE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BUSINESS_CODES).map(([name, code]) => [code, name]),
);

/** The catalogue key of a business code's sentence, or undefined for a code with none (HTTP statuses, unknown codes). */
export const apiErrorKey = (code: string): string | undefined => {
  const name = BUSINESS_CODE_NAMES[code];
  return name === undefined ? undefined : `apiErrors.${name}`;
};

/** The part of next-intl's `t` this needs (so the text can be worked out, and tested, without React). */
export interface ErrorTranslator {
  (key: string): string;
  has(key: string): boolean;
}

/**
 * What the user reads for a failed call: a business refusal as a translated sentence that says what to do (no code,
 * no server English); anything else as requirements.md §8's `[code] message`.
 */
export function apiErrorText(error: unknown, t: ErrorTranslator): string {
  if (!isHttpError(error)) return t(UNKNOWN_ERROR_KEY);
  const key = error.kind === "business" ? apiErrorKey(error.code) : undefined;
  if (key !== undefined && t.has(key)) return t(key);
  return errorToastText(error, (messageKey: ErrorMessageKey) => t(messageKey));
}

/** apiErrorText in the page's language. */
export function useApiErrorText(): (error: unknown) => string {
  const t = useTranslations();
  // The keys are computed from the contracts' code tables; test/api-error-text.test.ts checks each has its sentence.
  return useCallback((error: unknown) => apiErrorText(error, asDataTranslator(t)), [t]);
}
