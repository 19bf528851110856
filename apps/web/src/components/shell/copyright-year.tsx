import { useTranslations } from "next-intl";

/** The copyright line; the year is taken at render time of the cached page, which is good enough for a footer. */
export function CopyrightYear() {
  const t = useTranslations("footer");
  return <>{t("copyright", { year: new Date().getFullYear() })}</>;
}
