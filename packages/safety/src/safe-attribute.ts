import { isSafeUrl } from "./is-safe-url";

/** Where refusals are reported; `console.warn` by default, a spy in tests. */
export type Warn = (message: string, ...details: unknown[]) => void;

/** The part of a DOM element these helpers touch, so tests can pass a fake. */
export interface AttributeTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

type UrlAttribute = "href" | "src";

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

function refusalMessage(attribute: UrlAttribute, value: unknown): string {
  return `[safety] refused unsafe ${attribute}: ${describeValue(value)}`;
}

/**
 * Sets `href`/`src` only when {@link isSafeUrl} accepts the value. Otherwise the
 * attribute is removed (the link or image is blanked), a warning is printed,
 * and false is returned.
 */
function setSafeAttribute(element: AttributeTarget, attribute: UrlAttribute, value: unknown, warn: Warn = defaultWarn): boolean {
  if (typeof value === "string" && isSafeUrl(value)) {
    element.setAttribute(attribute, value);
    return true;
  }
  element.removeAttribute(attribute);
  warn(refusalMessage(attribute, value));
  return false;
}

export function setSafeHref(element: AttributeTarget, value: unknown, warn: Warn = defaultWarn): boolean {
  return setSafeAttribute(element, "href", value, warn);
}

export function setSafeSrc(element: AttributeTarget, value: unknown, warn: Warn = defaultWarn): boolean {
  return setSafeAttribute(element, "src", value, warn);
}

/** Props for a React `<a>`: `{ href }` when safe, otherwise `{}` (no href at all) and a warning. */
export function safeHrefProps(value: unknown, warn: Warn = defaultWarn): { href?: string } {
  if (typeof value === "string" && isSafeUrl(value)) return { href: value };
  warn(refusalMessage("href", value));
  return {};
}

/** Props for a React `<img>`: `{ src }` when safe, otherwise `{}` and a warning. */
export function safeSrcProps(value: unknown, warn: Warn = defaultWarn): { src?: string } {
  if (typeof value === "string" && isSafeUrl(value)) return { src: value };
  warn(refusalMessage("src", value));
  return {};
}
