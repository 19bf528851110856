"use client";
import { useTranslations } from "next-intl";
import type { DerivedUser } from "@/lib/derive-user";
import { api } from "@/lib/api";

/** The user's id, bound phone and e-mail (each only when bound) and the log-out button. */
export function AccountDetails({ user, className }: { user: DerivedUser; className: string }) {
  const t = useTranslations("header");

  const logout = async () => {
    try {
      await api.logout();
    } finally {
      // requirements.md §2: logging out reloads the current route.
      window.location.reload();
    }
  };

  return (
    <div className={className}>
      <dl>
        <dt>{t("userId")}</dt>
        <dd data-testid="user-id">{user.userId}</dd>
        {user.phone && (
          <>
            <dt>{t("phone")}</dt>
            <dd data-testid="user-phone">{user.phone}</dd>
          </>
        )}
        {user.email && (
          <>
            <dt>{t("email")}</dt>
            <dd data-testid="user-email">{user.email}</dd>
          </>
        )}
      </dl>
      <button type="button" className="button button-ghost" onClick={() => void logout()}>
        {t("logout")}
      </button>
    </div>
  );
}
