"use client";
import { useTranslations } from "next-intl";
import { displayName } from "@/lib/derive-user";
import { useShellUser } from "@/state/shell-user";

/** The signed-in account in the footer (requirements.md §2: the footer receives user info, only when a userId exists). */
export function FooterAccount() {
  const t = useTranslations("footer");
  const { user } = useShellUser();
  if (!user) return null;
  return (
    <p className="footer-account" data-testid="footer-account">
      {t.rich("signedInAs", {
        name: displayName(user),
        uid: user.userId,
        user: (chunks) => <bdi>{chunks}</bdi>,
      })}
    </p>
  );
}
