import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Locale } from "@affiliates/locales";
import { LoginGuard } from "@/state/session";
import { Header } from "./header";
import { Footer } from "./footer";
import { ChatButton } from "./chat-button";

interface Props {
  locale: Locale;
  /** The page path below /affiliates ("" for the programme page). */
  page: string;
  requiresLogin?: boolean;
  children: ReactNode;
}

/** Header, main and footer of every page (spec §2). Inside the native app the header and footer are hidden. */
export function Shell({ locale, page, requiresLogin = false, children }: Props) {
  const t = useTranslations("common");
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <Header locale={locale} page={page} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer locale={locale} />
      <ChatButton locale={locale} />
      {requiresLogin && <LoginGuard locale={locale} />}
    </>
  );
}
