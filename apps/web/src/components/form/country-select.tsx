"use client";
import { useMemo } from "react";
import { Select, type SelectProps } from "antd";
import { useLocale, useTranslations } from "next-intl";
import { getLocale, isLocale } from "@affiliates/locales";
import { COUNTRY_CODES } from "@affiliates/contracts";

interface CountryOption {
  value: string;
  label: string;
  /** What typing matches: the name in the page's language and in English, and the code (accents and case folded). */
  search: string;
}

const fold = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

function countryOptions(lang: string): CountryOption[] {
  const names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
  const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(lang);
  return COUNTRY_CODES.map((code) => {
    const label = names.of(code) ?? code;
    return { value: code, label, search: fold(`${label} ${english.of(code) ?? ""} ${code}`) };
  }).sort((a, b) => collator.compare(a.label, b.label));
}

type CountrySelectProps = Omit<SelectProps<string, CountryOption>, "options" | "showSearch" | "notFoundContent">;

/**
 * A country or region picked from the list, never typed: the value is its code (country-codes.ts), the names are the
 * browser's in the page's language. Typing only filters the list, so nothing outside it (a "-1", a typo) can be chosen.
 */
export function CountrySelect(props: CountrySelectProps) {
  const t = useTranslations("form.country");
  const locale = useLocale();
  const lang = isLocale(locale) ? getLocale(locale).htmlLang : "en";
  const options = useMemo(() => countryOptions(lang), [lang]);
  return (
    <Select<string, CountryOption>
      placeholder={t("placeholder")}
      {...props}
      options={options}
      showSearch={{
        filterOption: (input, option) => option !== undefined && option.search.includes(fold(input.trim())),
      }}
      notFoundContent={t("empty")}
    />
  );
}
