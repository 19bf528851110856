import type { AbstractIntlMessages } from "next-intl";

/**
 * The namespaces the shell's client components read: the layout's providers (toasts of failed requests, the bridge's
 * refresh prompt), the header, footer and chat of every page, and the error page that replaces a page. Every page gets
 * these; a page's own client namespaces come with it (`PAGES[…].clientMessages`, rendered by the Shell), so a page's
 * payload carries only the texts its client components can show. Page texts rendered on the server carry none.
 * test/client-messages.test.ts derives both lists from the source and checks them.
 */
export const SHELL_NAMESPACES = [
  "apiErrors",
  "bridge",
  "brand",
  "chat",
  "common",
  "error",
  "footer",
  "header",
  "http",
  "language",
  "legal",
  "nav",
  "status",
  "theme",
] as const;

/** The given namespaces of a catalogue (those it has). */
export function pickNamespaces(messages: AbstractIntlMessages, namespaces: readonly string[]): AbstractIntlMessages {
  return Object.fromEntries(namespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns] ?? {}]));
}
