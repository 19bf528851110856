"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { showMessage } from "@/lib/toast";
import { TRACKING_IDS } from "@/lib/tracking-ids";
import { notReadyProps, useHydrated } from "@/lib/use-hydrated";
import { BASE_PATH, dirOf, type Locale } from "@affiliates/locales";

/** The customer-chat script, loaded from a static path on the first click only (requirements.md §1, §7). */
export const CHAT_SCRIPT_PATH = `${BASE_PATH}/static/chat-widget.js`;

interface ChatWidget {
  open(options: { locale: string; dir: string; labels: Record<string, string>; endpoint: string }): void;
}
declare global {
  interface Window {
    ExchangeChat?: ChatWidget;
  }
}

let loading: Promise<ChatWidget> | null = null;

function loadWidget(): Promise<ChatWidget> {
  if (window.ExchangeChat) return Promise.resolve(window.ExchangeChat);
  loading ??= new Promise<ChatWidget>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHAT_SCRIPT_PATH;
    script.async = true;
    script.onload = () =>
      window.ExchangeChat ? resolve(window.ExchangeChat) : reject(new Error("chat widget missing"));
    script.onerror = () => reject(new Error("chat script failed to load"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null; // a later click may try again
    throw error;
  });
  return loading;
}

export function ChatButton({ locale }: { locale: Locale }) {
  const t = useTranslations("chat");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const open = async () => {
    setBusy(true);
    try {
      // The endpoint table loads with the widget, on the first click: the shell of every page does without it.
      const [widget, { apiHref }] = await Promise.all([loadWidget(), import("@/lib/api-href")]);
      widget.open({
        locale,
        dir: dirOf(locale),
        endpoint: apiHref("supportMessage"),
        labels: {
          title: t("widgetTitle"),
          intro: t("widgetIntro"),
          email: t("widgetEmail"),
          message: t("widgetMessage"),
          send: t("widgetSend"),
          sent: t("widgetSent"),
          error: t("failed"),
          close: t("widgetClose"),
        },
      });
    } catch {
      void showMessage("error", t("failed"), "chat");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="chat-button"
      data-track-id={TRACKING_IDS.chatOpen}
      onClick={() => void open()}
      aria-label={t("open")}
      aria-busy={busy}
      {...notReadyProps(hydrated)}
    >
      <svg
        aria-hidden="true"
        className="icon-directional"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M4 5h16v11H8l-4 4z" />
      </svg>
    </button>
  );
}
