"use client";
import { useTranslations } from "next-intl";
import type { Locale } from "@affiliates/locales";
import { useShellUser } from "@/state/shell-user";
import { displayName } from "@/lib/derive-user";
import { AccountDetails } from "./account-details";
import { AuthButtons } from "./auth-buttons";
import { useDisclosureMenu } from "./use-disclosure-menu";

interface Props {
  locale: Locale;
  page: string;
  /** `popover` (wide header): the account behind a button; `sheet` (menu sheet): the account details shown in place. */
  variant?: "popover" | "sheet";
}

export function UserMenu({ locale, page, variant = "popover" }: Props) {
  const t = useTranslations("header");
  const { complete, user: userResult } = useShellUser();
  const { ref: menuRef, onKeyDown: onMenuKeyDown } = useDisclosureMenu<HTMLDetailsElement>();

  if (!complete) return <span className="user-placeholder" aria-hidden="true" />;
  if (!userResult) return <AuthButtons locale={locale} page={page} />;

  const name = displayName(userResult);
  const identity = (
    <>
      <span className="avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      {/* A name or e-mail in Latin script stays in one piece inside right-to-left text. */}
      <bdi className="user-name">{name}</bdi>
    </>
  );

  if (variant === "sheet") {
    return (
      <section className="sheet-account" aria-label={t("account")}>
        <p className="sheet-user">{identity}</p>
        <AccountDetails user={userResult} className="user-details" />
      </section>
    );
  }

  return (
    <details className="menu user-menu" ref={menuRef} onKeyDown={onMenuKeyDown}>
      <summary>
        <span className="visually-hidden">{t("account")}: </span>
        {identity}
      </summary>
      <AccountDetails user={userResult} className="menu-list user-details" />
    </details>
  );
}
