"use client";
// Before any contract schema checks a field in the browser (the forms are where the browser runs zod).
import "@/lib/zod-jitless";
import { useMemo } from "react";
import type { FormRule } from "antd";
import { useTranslations } from "next-intl";
import { isCountryCode } from "@affiliates/contracts";
import { withHttps } from "@/lib/web-address";

export { withHttps };

/** A contract's schema of one field (zod): the form asks it the same question the API will. */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

/** The contracts trim texts before they count characters; so do the rules. */
const trim = (value: unknown): unknown => (typeof value === "string" ? value.trim() : value);
const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === "";

/** Largest amount of USDT an application may state (the contracts' bound). */
export const MAX_USDT = 1_000_000_000_000;

/**
 * The validation rules of the application forms, with the same limits as the contracts and messages that say what
 * to enter. Messages of a field show one at a time (`validateFirst` on the item), next to the field. Every rule
 * carries its own written sentence: antd's templates ("Please enter ${label}") would put the label mid-sentence.
 */
export function useFormRules() {
  const t = useTranslations("form.rules");
  return useMemo(() => {
    const check = (ok: (value: unknown) => boolean, message: () => string): FormRule => ({
      validator: (_rule, value: unknown) =>
        isEmpty(value) || ok(value) ? Promise.resolve() : Promise.reject(new Error(message())),
    });
    const required: FormRule = { required: true, message: t("required") };
    const blank: FormRule = { whitespace: true, message: t("blank") };
    /** A whole number from `min` to `max`; `min` 1 for volumes, which must be positive. */
    const whole = (min: 0 | 1, max: number): FormRule[] => [
      required,
      check(
        (v) => typeof v === "number" && Number.isInteger(v) && v >= min,
        () => t(min === 1 ? "positive" : "wholeNumber"),
      ),
      check(
        (v) => typeof v === "number" && v <= max,
        () => t("tooLarge", { max }),
      ),
    ];
    return {
      /** Required text of `min`..`max` characters once trimmed, not only spaces. */
      text: (min: number, max: number): FormRule[] => [
        required,
        blank,
        { min, max, transform: trim, message: t("length", { min, max }) },
      ],
      optionalText: (max: number): FormRule[] => [{ max, transform: trim, message: t("maxLength", { max }) }],
      /** A choice from a list (a select). */
      choice: (): FormRule[] => [{ required: true, message: t("choose") }],
      /** At least one of several options (a checkbox group: an emptied group is `[]`, not missing). */
      choices: (): FormRule[] => [{ required: true, type: "array", min: 1, message: t("choose") }],
      email: (schema: FieldSchema): FormRule[] => [
        required,
        { type: "email", message: t("email") },
        { max: 254, message: t("maxLength", { max: 254 }) },
        check(
          (v) => schema.safeParse(v).success,
          () => t("email"),
        ),
      ],
      /** An http(s) address of at most 300 characters, as the contract's URL check, a bare domain taken as https. */
      httpUrl: (schema: FieldSchema): FormRule[] => [
        required,
        blank,
        { max: 300, transform: (v: unknown) => withHttps(v), message: t("maxLength", { max: 300 }) },
        check(
          (v) => schema.safeParse(withHttps(v)).success,
          () => t("httpUrl"),
        ),
      ],
      country: (): FormRule[] => [{ required: true, message: t("country") }, check(isCountryCode, () => t("country"))],
      positiveAmount: (max: number): FormRule[] => whole(1, max),
      wholeNumber: (max: number): FormRule[] => whole(0, max),
    };
  }, [t]);
}

/** A refused submit brings its first wrong field into view, centred, and focuses it (every form of the product). */
export const SCROLL_TO_FIRST_ERROR = { behavior: "smooth", block: "center", focus: true } as const;
