"use client";
import { useTranslations } from "next-intl";
import { localePath, loginPath, prefixOf, type Locale } from "@affiliates/locales";
import { useSession } from "@/state/session";
import { goToLogin } from "@/lib/native-app";
import { displayName } from "@/lib/derive-user";
import { http } from "@/lib/http";
import { useDisclosureMenu } from "./use-disclosure-menu";

export const LOGOUT_PATH = "v1/user/logout";

export function UserMenu({ locale, page }: { locale: Locale; page: string }) {
  const t = useTranslations("header");
  const { complete, isLogin, userResult } = useSession();
  const menu = useDisclosureMenu<HTMLDetailsElement>();

  if (!complete) return <span className="user-placeholder" aria-hidden="true" />;

  if (!isLogin || !userResult) {
    const prefix = prefixOf(locale);
    const from = new URLSearchParams({ from: localePath(locale, page), source: "cms" });
    return (
      <div className="auth-buttons">
        <a className="button button-ghost" href={loginPath(locale, localePath(locale, page))} onClick={(event) => {
          event.preventDefault();
          void goToLogin(locale);
        }}>
          {t("login")}
        </a>
        <a className="button button-primary" href={`${prefix ? `/${prefix}` : ""}/register?${from.toString()}`}>
          {t("register")}
        </a>
      </div>
    );
  }

  const logout = async () => {
    try {
      await http.post(LOGOUT_PATH);
    } finally {
      // Spec §2: logging out reloads the current route.
      window.location.reload();
    }
  };

  return (
    <details className="menu user-menu" ref={menu.ref} onKeyDown={menu.onKeyDown}>
      <summary>
        <span className="visually-hidden">{t("account")}: </span>
        <span className="avatar" aria-hidden="true">{displayName(userResult).slice(0, 1).toUpperCase()}</span>
        {/* A name or e-mail in Latin script stays in one piece inside right-to-left text. */}
        <bdi className="user-name">{displayName(userResult)}</bdi>
      </summary>
      <div className="menu-list user-details">
        <dl>
          <dt>{t("userId")}</dt>
          <dd data-testid="user-id">{userResult.userId}</dd>
          {userResult.phone && (
            <>
              <dt>{t("phone")}</dt>
              <dd data-testid="user-phone">{userResult.phone}</dd>
            </>
          )}
          {userResult.email && (
            <>
              <dt>{t("email")}</dt>
              <dd data-testid="user-email">{userResult.email}</dd>
            </>
          )}
        </dl>
        <button type="button" className="button button-ghost" onClick={() => void logout()}>
          {t("logout")}
        </button>
      </div>
    </details>
  );
}
