import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import disposableDomains from "disposable-email-domains";

/**
 * The same-account-holder signals compared at sign-up and binding (README "Risk checks"): the network an IP belongs
 * to, an email as its provider delivers it, and whether its domain hands out throwaway inboxes.
 */

/** The network an address belongs to: its /24 for IPv4 (and IPv4-mapped IPv6), its /64 for IPv6. */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped?.[1] ?? ip;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, lower case without leading zeros ("::" expanded, zone dropped). */
function expandIPv6(ip: string): string[] {
  const address = ip.split("%")[0] ?? ip;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right].map((g) =>
    (g.replace(/^0+/, "") || "0").toLowerCase(),
  );
}

/** Providers that deliver `j.o.hn@` to `john@`: the dots of the local part are dropped there (Gmail's rule). */
const DOTS_IGNORED = new Set(["gmail.com", "googlemail.com"]);
/** googlemail.com is gmail.com. */
const SAME_PROVIDER: Record<string, string> = { "googlemail.com": "gmail.com" };

/**
 * An address as its mailbox: lower case, `+tag` dropped (sub-addressing: Gmail, Outlook, iCloud, Fastmail, Proton and
 * most providers deliver `me+x@` to `me@`), and for Gmail/Googlemail the dots of the local part dropped too. Two
 * accounts whose normalised emails are equal reach one inbox.
 */
export function normalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${SAME_PROVIDER[domain] ?? domain}`;
}

// The kept list of the disposable-email-domains package (about 120,000 domains), as a set for O(1) lookups.
let disposable: Set<string> | undefined;

/** Whether the address's domain (or a parent domain of it) is a disposable-inbox provider. */
export function isDisposableEmail(email: string): boolean {
  disposable ??= new Set(disposableDomains);
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) if (disposable.has(labels.slice(i).join("."))) return true;
  return false;
}

/** How a device is kept: the SHA-256 of the fingerprint its dy-token is bound to (never the fingerprint itself). */
export const deviceKey = (fingerprint: string): string => createHash("sha256").update(fingerprint).digest("hex");
