import isomorphicPurify from "isomorphic-dompurify";
import type { Config, DOMPurify, UponSanitizeAttributeHook, NodeHook, WindowLike } from "dompurify";
import { isSafeUrl, SAFE_SCHEMES } from "./is-safe-url";
import { limitNesting, MAX_NESTING_DEPTH } from "./limit-nesting";

/** Content tags kept by {@link sanitizeHtml} (requirements.md §5: headings, paragraphs, lists, links, emphasis, tables, images). */
export const ALLOWED_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "a",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "span",
  "div",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "img",
  "figure",
  "figcaption",
  "dl",
  "dt",
  "dd",
  "sup",
  "sub",
] as const;

/** Attributes kept; no `style` (CSS can overlay the page) and no `id` (DOM clobbering). */
export const ALLOWED_ATTRIBUTES = [
  "href",
  "title",
  "target",
  "rel",
  "src",
  "alt",
  "width",
  "height",
  "colspan",
  "rowspan",
  "scope",
  "lang",
  "dir",
  "class",
] as const;

/**
 * Removed together with everything inside them. Other unknown tags (`<section>`,
 * `<font>`, ...) are unwrapped: their text stays, the tag goes.
 */
const FORBIDDEN_WITH_CONTENT = [
  "script",
  "noscript",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "select",
  "option",
  "textarea",
  "svg",
  "math",
  "template",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "title",
  "head",
  "base",
  "link",
  "meta",
  "audio",
  "video",
  "source",
  "track",
  "canvas",
  "dialog",
  "portal",
] as const;

/** Longest input read, in UTF-16 code units (1 MiB); the rest is dropped before parsing. */
export const MAX_HTML_LENGTH = 1024 * 1024;

const URL_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src"]);
const ALLOWED_ATTRIBUTE_SET: ReadonlySet<string> = new Set<string>(ALLOWED_ATTRIBUTES);
const EXTERNAL_REL = ["noopener", "noreferrer"] as const;
const ABSOLUTE_HTTP = /^https?:/i;

/**
 * DOMPurify's own URL filter runs before our hook; widen it to our schemes (its
 * default would drop the app schemes) and let {@link isSafeUrl} decide.
 */
const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${[...SAFE_SCHEMES.map((scheme) => scheme.slice(0, -1)), "data"].join("|")}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  "i",
);

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  FORBID_TAGS: [...FORBIDDEN_WITH_CONTENT],
  FORBID_ATTR: ["style", "id", "name"],
  ADD_FORBID_CONTENTS: [...FORBIDDEN_WITH_CONTENT],
  KEEP_CONTENT: true,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
  RETURN_TRUSTED_TYPE: false,
  WHOLE_DOCUMENT: false,
};

interface HtmlSanitizerOptions {
  /**
   * The page's origin (`https://www.example.com`). Absolute links to it are
   * same-origin and get no target. Default: none, so every absolute http(s)
   * link counts as external and server and browser give the same output (no
   * hydration mismatch).
   */
  origin?: string;
  /** Window to build a private DOMPurify instance on (a jsdom window in tests); the browser's own window by default. */
  window?: WindowLike;
  /** Input cap in UTF-16 code units; {@link MAX_HTML_LENGTH} by default. */
  maxLength?: number;
  /** Deepest tag nesting passed to the parser; {@link MAX_NESTING_DEPTH} by default. */
  maxDepth?: number;
}

type HtmlSanitizer = (html: unknown) => string;

function isExternal(href: string, origin: string | undefined): boolean {
  const trimmed = href.trim();
  if (!ABSOLUTE_HTTP.test(trimmed)) return false;
  if (origin === undefined) return true;
  try {
    return new URL(trimmed).origin !== origin;
  } catch {
    return true;
  }
}

function mergeRel(existing: string | null): string {
  const tokens = (existing ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => token !== "" && token !== "opener" && !(EXTERNAL_REL as readonly string[]).includes(token));
  return [...tokens, ...EXTERNAL_REL].join(" ");
}

const ELEMENT_NODE = 1;
/** `instanceof Element` would not work across windows (jsdom on the server, the page in the browser). */
function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

function createHooks(origin: string | undefined): {
  uponSanitizeAttribute: UponSanitizeAttributeHook;
  afterSanitizeAttributes: NodeHook;
} {
  const uponSanitizeAttribute: UponSanitizeAttributeHook = (_node, event) => {
    const name = event.attrName.toLowerCase();
    if (!ALLOWED_ATTRIBUTE_SET.has(name)) {
      event.keepAttr = false;
      return;
    }
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(event.attrValue)) event.keepAttr = false;
  };
  const afterSanitizeAttributes: NodeHook = (node) => {
    if (!isElement(node)) return;
    const element = node;
    if (element.tagName.toLowerCase() !== "a") {
      element.removeAttribute("target");
      return;
    }
    const href = element.getAttribute("href");
    if (href !== null && isExternal(href, origin)) {
      const rel = mergeRel(element.getAttribute("rel"));
      // Re-added in a fixed order so the output is the same whatever the input order was.
      element.removeAttribute("target");
      element.removeAttribute("rel");
      element.setAttribute("target", "_blank");
      element.setAttribute("rel", rel);
    } else {
      // Same-origin, relative, mailto:, tel: and app links open in place.
      element.removeAttribute("target");
    }
  };
  return { uponSanitizeAttribute, afterSanitizeAttributes };
}

function toInput(html: unknown, maxLength: number): string {
  if (typeof html === "string") return html.length > maxLength ? html.slice(0, maxLength) : html;
  // A number is plain text; anything else (null, undefined, objects, functions) is not content.
  if (typeof html === "number" && Number.isFinite(html)) return String(html);
  return "";
}

function browserWindow(): WindowLike | undefined {
  return typeof window !== "undefined" && typeof window.document !== "undefined" ? window : undefined;
}

/**
 * Builds a sanitiser. With a window (the browser, or one passed in) it uses a
 * private DOMPurify instance with our hooks installed once. On the server
 * isomorphic-dompurify's jsdom-backed instance is shared with other code, so
 * our hooks are added just for the duration of each (synchronous) call and
 * removed again: no other caller can see them.
 */
export function createHtmlSanitizer(options: HtmlSanitizerOptions = {}): HtmlSanitizer {
  const hooks = createHooks(options.origin);
  const maxLength = options.maxLength ?? MAX_HTML_LENGTH;
  const maxDepth = options.maxDepth ?? MAX_NESTING_DEPTH;
  const ownWindow = options.window ?? browserWindow();
  let purify: DOMPurify | undefined;
  const privateInstance = (): DOMPurify => {
    if (purify === undefined) {
      purify = isomorphicPurify(ownWindow);
      purify.addHook("uponSanitizeAttribute", hooks.uponSanitizeAttribute);
      purify.addHook("afterSanitizeAttributes", hooks.afterSanitizeAttributes);
    }
    return purify;
  };

  return (html) => {
    const text = toInput(html, maxLength);
    if (text === "") return "";
    try {
      const input = limitNesting(text, maxDepth);
      if (ownWindow !== undefined) return String(privateInstance().sanitize(input, CONFIG));
      const shared = isomorphicPurify;
      shared.addHook("uponSanitizeAttribute", hooks.uponSanitizeAttribute);
      shared.addHook("afterSanitizeAttributes", hooks.afterSanitizeAttributes);
      try {
        return String(shared.sanitize(input, CONFIG));
      } finally {
        shared.removeHook("afterSanitizeAttributes", hooks.afterSanitizeAttributes);
        shared.removeHook("uponSanitizeAttribute", hooks.uponSanitizeAttribute);
      }
    } catch {
      // Pathological markup (e.g. nesting deep enough to exhaust the stack) yields nothing rather than a crash.
      return "";
    }
  };
}

/**
 * Sanitises HTML that comes from the API (FAQ answers, campaign texts, legal
 * text) against the content whitelist. Never throws: non-strings give `""`
 * (finite numbers give their text), input beyond {@link MAX_HTML_LENGTH} is cut,
 * and tags nested deeper than {@link MAX_NESTING_DEPTH} are flattened.
 */
export const sanitizeHtml: HtmlSanitizer = (html) => defaultSanitizer()(html);

let defaultInstance: HtmlSanitizer | undefined;
function defaultSanitizer(): HtmlSanitizer {
  defaultInstance ??= createHtmlSanitizer();
  return defaultInstance;
}
