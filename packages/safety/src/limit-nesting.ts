/**
 * Caps how deeply tags nest before markup reaches the HTML parser.
 *
 * Browsers do this themselves (Blink's parser stops nesting at 512 levels), but
 * jsdom's parser slows down quadratically with depth (10,000 nested `<div>`s take
 * ~30 s) and its serialiser recurses until the stack overflows. Start tags beyond
 * `maxDepth` are dropped together with their end tags; their content stays, one
 * level up. This is a cheap token scan, not a parser: it never makes markup safe,
 * it only bounds the work; the real sanitiser runs on its output.
 */

export const MAX_NESTING_DEPTH = 256;

const TAG_TOKEN = /<(\/?)([a-zA-Z][^\s/>]*)[^>]*>/g;

/** Elements without an end tag. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/**
 * Elements whose end tag may be omitted and which a following sibling closes
 * implicitly (`<li>a<li>b`): they cannot build depth on their own, so they are
 * neither counted nor dropped.
 */
const IMPLICITLY_CLOSED = new Set([
  "html",
  "head",
  "body",
  "p",
  "li",
  "dt",
  "dd",
  "tr",
  "td",
  "th",
  "thead",
  "tbody",
  "tfoot",
  "caption",
  "colgroup",
  "option",
  "optgroup",
  "rb",
  "rt",
  "rp",
  "rtc",
]);

export function limitNesting(html: string, maxDepth: number = MAX_NESTING_DEPTH): string {
  if (!html.includes("<")) return html;
  /** One entry per counted open tag: whether its start tag was kept. */
  const open: boolean[] = [];
  let depth = 0;
  return html.replace(TAG_TOKEN, (token: string, slash: string, name: string) => {
    const tag = name.toLowerCase();
    if (VOID.has(tag) || IMPLICITLY_CLOSED.has(tag)) return token;
    if (slash === "/") {
      const kept = open.pop();
      if (kept === undefined) return token;
      if (!kept) return "";
      depth -= 1;
      return token;
    }
    if (depth >= maxDepth) {
      open.push(false);
      return "";
    }
    open.push(true);
    depth += 1;
    return token;
  });
}
