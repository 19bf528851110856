import type { ReactNode } from "react";
import { useMessages, useTranslations } from "next-intl";
import type { Locale } from "@affiliates/locales";
import { LoginGuard } from "@/state/session";
import { pickNamespaces } from "@/i18n/client-messages";
import { PAGES, pageOfPath } from "@/lib/pages";
import { PageMessages } from "@/components/providers/page-messages";
import { Header } from "./header";
import { Footer } from "./footer";
import { ChatButton } from "./chat-button";
import { ScrollRegions } from "./scroll-regions";
import { SessionNotice } from "@/components/status/session-notice";

interface Props {
  locale: Locale;
  /** The page path below /affiliates ("" for the programme page). */
  page: string;
  requiresLogin?: boolean;
  /** The page runs inside the native app: header and footer are not rendered (and CSS hides them anyway). */
  inApp?: boolean;
  children: ReactNode;
}

/** Header, main and footer of every page (requirements.md §2). Inside the native app the header and footer are hidden. */
export function Shell({ locale, page, requiresLogin = false, inApp = false, children }: Props) {
  const t = useTranslations("common");
  const key = pageOfPath(page);
  const messages = useMessages();
  const main = key ? (
    <PageMessages messages={pickNamespaces(messages, PAGES[key].clientMessages)}>{children}</PageMessages>
  ) : (
    children
  );
  return (
    <>
      {!inApp && (
        <a className="skip-link" href="#main">
          {t("skipToContent")}
        </a>
      )}
      {!inApp && <Header locale={locale} page={page} />}
      <main id="main" tabIndex={-1}>
        <SessionNotice />
        {main}
      </main>
      {!inApp && <Footer locale={locale} page={page} />}
      <ChatButton locale={locale} />
      <ScrollRegions />
      {requiresLogin && <LoginGuard locale={locale} />}
    </>
  );
}
