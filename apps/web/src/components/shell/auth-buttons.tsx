"use client";
import { useTranslations } from "next-intl";
import { localePath, loginPath, prefixOf, type Locale } from "@affiliates/locales";
import { goToLogin } from "@/lib/native-app";

/** Log in and sign up for a visitor without a session; both return to this page (requirements.md §2). */
export function AuthButtons({ locale, page }: { locale: Locale; page: string }) {
  const t = useTranslations("header");
  const prefix = prefixOf(locale);
  const from = new URLSearchParams({ from: localePath(locale, page), source: "cms" });
  return (
    <div className="auth-buttons">
      <a
        className="button button-ghost"
        href={loginPath(locale, localePath(locale, page))}
        onClick={(event) => {
          event.preventDefault();
          void goToLogin(locale);
        }}
      >
        {t("login")}
      </a>
      <a className="button button-primary" href={`${prefix ? `/${prefix}` : ""}/register?${from.toString()}`}>
        {t("register")}
      </a>
    </div>
  );
}
