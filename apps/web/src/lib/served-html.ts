/**
 * What the server fills into a pre-rendered page when it serves it (once per page and process, page-csp.ts): the
 * run-time origin of the head's links and the run-time settings on <html> (runtime-config.ts). The build carries
 * neither: its head links are root-relative (metadata.ts) and its <html> has no settings, so one build serves any
 * origin and environment.
 *
 * A pre-rendered page holds its head twice: as markup (`<link rel="canonical" href="/affiliates/fee"/>`) and in the
 * inline RSC payload React hydrates from (`[\"$\",\"link\",\"2\",{\"rel\":\"canonical\",\"href\":\"/affiliates/fee\"}]`,
 * inside `self.__next_f.push` strings). Both are made absolute the same way: React 19 claims a hoisted <link> or
 * <meta> at hydration by its exact href/content, and one that differs would be added a second time.
 */
import { runtimeAttributes, type RuntimeConfig } from "./runtime-config";

/** Links whose href is a page URL meant to be absolute (canonical, hreflang alternates). */
const URL_LINK_RELS = ["canonical", "alternate"];
/** Meta tags whose content is a URL meant to be absolute (Open Graph, Twitter). */
const URL_META_PROPERTIES = ["og:url", "og:image", "og:image:url", "og:image:secure_url"];
const URL_META_NAMES = ["twitter:image", "twitter:image:src", "twitter:url"];

/** `<link …>` and `<meta …>` tags of the markup. */
const MARKUP_TAG = /<(link|meta)\b[^>]*>/gi;
/** `["$","link",key,{props}]` elements of the inline RSC payload, JSON inside a JS string (quotes escaped). */
const FLIGHT_ELEMENT = /\[\\"\$\\",\\"(link|meta)\\",(?:\\"[^"\\]*\\"|null),\{[^{}]*\}\]/g;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Reads and rewrites `name` of one tag or element, in markup (`name="v"`) or escaped JSON (`\"name\":\"v\"`). */
interface Syntax {
  value(tag: string, name: string): string | undefined;
  /** The tag with a root-relative `name` prefixed by the origin. */
  absolute(tag: string, name: string, origin: string): string;
}

/** The value of attribute `name` of a markup tag (or of the attributes part of one), as written. */
export const markupAttribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${escapeRegExp(name)}="([^"]*)"`, "i").exec(tag)?.[1];

const MARKUP: Syntax = {
  value: markupAttribute,
  absolute: (tag, name, origin) =>
    tag.replace(new RegExp(`(\\s${escapeRegExp(name)}=")/(?!/)`, "i"), (_, head: string) => `${head}${origin}/`),
};

const FLIGHT: Syntax = {
  value: (tag, name) => new RegExp(`\\\\"${escapeRegExp(name)}\\\\":\\\\"([^"\\\\]*)\\\\"`).exec(tag)?.[1],
  absolute: (tag, name, origin) =>
    tag.replace(new RegExp(`(\\\\"${escapeRegExp(name)}\\\\":\\\\")/(?!/)`), (_, head: string) => `${head}${origin}/`),
};

/** The attribute of a tag that holds a URL to make absolute, if it is one of the head's URL tags. */
function urlAttributeOf(kind: string, tag: string, syntax: Syntax): string | undefined {
  if (kind.toLowerCase() === "link") return URL_LINK_RELS.includes(syntax.value(tag, "rel") ?? "") ? "href" : undefined;
  const property = syntax.value(tag, "property");
  const name = syntax.value(tag, "name");
  return (property !== undefined && URL_META_PROPERTIES.includes(property)) ||
    (name !== undefined && URL_META_NAMES.includes(name))
    ? "content"
    : undefined;
}

/**
 * The page with every root-relative URL of its head links (canonical, alternates, og:url, …) prefixed by `origin`,
 * in the markup and in the inline RSC payload alike. `origin` must be an origin (`URL#origin`: no quote or backslash).
 */
export function absoluteHeadLinks(html: string, origin: string): string {
  const rewrite = (syntax: Syntax) => (tag: string, kind: string) => {
    const attribute = urlAttributeOf(kind, tag, syntax);
    return attribute ? syntax.absolute(tag, attribute, origin) : tag;
  };
  return html.replace(MARKUP_TAG, rewrite(MARKUP)).replace(FLIGHT_ELEMENT, rewrite(FLIGHT));
}

export const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The page with the run-time settings on its <html> (see runtime-config.ts). They go first: a browser keeps the first
 * of two attributes of the same name. They are not part of the RSC payload (React leaves attributes it did not
 * render alone), so no payload carries them.
 */
export function withRuntimeAttributes(html: string, config: RuntimeConfig): string {
  const attributes = Object.entries(runtimeAttributes(config))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  return html.replace(/<html\b/i, (tag) => `${tag}${attributes}`);
}

/** A pre-rendered page as it is served: absolute head links of `origin`, and the settings of `config`. */
export const servedHtml = (html: string, origin: string, config: RuntimeConfig): string =>
  withRuntimeAttributes(absoluteHeadLinks(html, origin), config);
