import { isSafeUrl } from "./is-safe-url";

/** Where refusals are reported; `console.warn` by default, a spy in tests. */
export type Warn = (message: string, ...details: unknown[]) => void;

export const defaultWarn: Warn = (message, ...details) => {
  console.warn(message, ...details);
};

const PREVIEW_LENGTH = 120;

/** A short, printable description of a refused value for the warning. */
export function describeValue(value: unknown): string {
  if (typeof value !== "string") return value === null ? "null" : typeof value;
  const json = JSON.stringify(value.length > PREVIEW_LENGTH ? `${value.slice(0, PREVIEW_LENGTH)}…` : value);
  return json;
}

/** Props for a React `<a>`: `{ href }` when safe, otherwise `{}` (no href at all) and a warning. */
export function safeHrefProps(value: unknown, warn: Warn = defaultWarn): { href?: string } {
  if (typeof value === "string" && isSafeUrl(value)) return { href: value };
  warn(`[safety] refused unsafe href: ${describeValue(value)}`);
  return {};
}
