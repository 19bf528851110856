"use client";
import { useMemo, type ReactNode } from "react";
import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from "next-intl";

/**
 * Adds a page's own namespaces to the shell's for the client components below. A nested next-intl provider replaces
 * its parent's messages, so the parent's are merged in here, on the client, rather than sent twice.
 */
export function PageMessages({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const shell = useMessages();
  const merged = useMemo(() => ({ ...shell, ...messages }), [shell, messages]);
  return (
    <NextIntlClientProvider locale={useLocale()} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
