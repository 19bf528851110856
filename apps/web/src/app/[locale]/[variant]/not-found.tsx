import { useLocale, useTranslations } from "next-intl";
import { isLocale, DEFAULT_LOCALE } from "@affiliates/locales";
import { Shell } from "@/components/shell/shell";
import { ErrorView } from "@/components/error/error-view";

export default function NotFound() {
  const requested = useLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const t = useTranslations("error");
  return (
    <Shell locale={locale} page="">
      <ErrorView status={404} message={t("notFound")} />
    </Shell>
  );
}
