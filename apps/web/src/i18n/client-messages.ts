import type { AbstractIntlMessages } from "next-intl";

/**
 * The namespaces client components read. Page texts rendered on the server stay out of the page's payload,
 * which keeps every static page small.
 */
export const CLIENT_NAMESPACES = [
  "brand",
  "bridge",
  "explore",
  "form",
  "programme",
  "apply",
  "affiliateDashboard",
  "common",
  "nav",
  "header",
  "language",
  "theme",
  "footer",
  "legal",
  "chat",
  "session",
  "error",
  "http",
  "home",
  "dashboard",
  "fee",
  "partners",
  "vipCommon",
  "vipProgramme",
  "vipStatus",
  "vipGuide",
  "vipAirdrop",
  "feeTools",
  "network",
  "apiErrors",
  "status",
] as const;

export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(CLIENT_NAMESPACES.filter((ns) => ns in messages).map((ns) => [ns, messages[ns] ?? {}]));
}
