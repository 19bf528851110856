import isomorphicPurify from "isomorphic-dompurify";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  MAX_HTML_LENGTH,
  MAX_NESTING_DEPTH,
  createHtmlSanitizer,
  sanitizeHtml,
} from "../src/index";
import { XSS_PAYLOADS } from "./fixtures/xss-payloads";

const FORBIDDEN_ELEMENTS = [
  "script",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "style",
  "noscript",
  "form",
  "input",
  "base",
  "link",
  "meta",
  "frame",
  "frameset",
  "template",
];
const URL_ATTRIBUTES = [
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "background",
  "poster",
  "data",
  "srcset",
  "dynsrc",
  "lowsrc",
];
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u00a0\ufeff\u200b]/g;
const DANGEROUS_URL = /^(?:javascript|vbscript|livescript|data:text|data:image\/svg)/i;

const allowedTags = new Set<string>(ALLOWED_TAGS);
const allowedAttributes = new Set<string>(ALLOWED_ATTRIBUTES);

/** Parses sanitiser output the way a page would (as body content). */
function parse(html: string): Document {
  return new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document;
}

function decode(value: string): string {
  const textarea = new JSDOM("").window.document.createElement("textarea");
  textarea.innerHTML = value;
  return textarea.value;
}

function commentCount(document: Document): number {
  const walker = document.createTreeWalker(document.body, 128 /* NodeFilter.SHOW_COMMENT */);
  let count = 0;
  while (walker.nextNode()) count += 1;
  return count;
}

/** Every structural check the issue asks for; returns a list of problems (empty when clean). */
function problems(output: string): string[] {
  const found: string[] = [];
  const document = parse(output);
  if (output.includes("<!--")) found.push("comment markup in output");
  if (commentCount(document) > 0) found.push("comment node");
  for (const tag of FORBIDDEN_ELEMENTS) {
    if (document.body.getElementsByTagName(tag).length > 0) found.push(`<${tag}>`);
  }
  for (const element of Array.from(document.body.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    if (!allowedTags.has(tag)) found.push(`tag not on whitelist: ${tag}`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) found.push(`event handler ${name}`);
      if (!allowedAttributes.has(name)) found.push(`attribute not on whitelist: ${name}`);
      if (URL_ATTRIBUTES.includes(name)) {
        const value = decode(attribute.value).replace(CONTROL_OR_SPACE, "");
        if (DANGEROUS_URL.test(value)) found.push(`${name}=${attribute.value}`);
      }
    }
  }
  return found;
}

describe("sanitizeHtml against XSS payloads", () => {
  it("has at least 100 payloads", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_PAYLOADS.map((payload, index) => [index, payload] as const))(
    "payload %i is neutralised: %s",
    (_index, payload) => {
      const output = sanitizeHtml(payload);
      expect(problems(output)).toEqual([]);
      // Idempotent: sanitising the output again changes nothing.
      expect(sanitizeHtml(output)).toBe(output);
    },
  );

  it("runs no script when the output of every payload is rendered", () => {
    const page = XSS_PAYLOADS.map((payload) => `<div>${sanitizeHtml(payload)}</div>`).join("\n");
    const dom = new JSDOM(`<!DOCTYPE html><body>${page}</body>`, { runScripts: "dangerously" });
    const calls: unknown[] = [];
    dom.window.alert = (message?: unknown) => {
      calls.push(message);
    };
    for (const element of Array.from(dom.window.document.querySelectorAll("a, img, div, p, span"))) {
      for (const type of ["click", "mouseover", "focus", "error", "load", "toggle"]) {
        element.dispatchEvent(new dom.window.Event(type));
      }
    }
    expect(calls).toEqual([]);
  });

  it("checks its own detector on unsanitised markup", () => {
    expect(
      problems(`<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><!-- c --><script></script>`),
    ).toEqual(
      expect.arrayContaining(["comment node", "<script>", "event handler onerror", "href=javascript:alert(1)"]),
    );
  });
});

describe("sanitizeHtml keeps allowed content", () => {
  it("keeps headings, paragraphs and emphasis exactly", () => {
    const html =
      "<h1>Title</h1><h2>Sub</h2><h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6>" +
      '<p lang="en" dir="ltr" class="lead">Text <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>s</s> <code>c</code> H<sub>2</sub>O x<sup>2</sup><br><span title="t">t</span></p>' +
      "<hr><blockquote>q</blockquote><pre>  pre\n  text</pre><div>d</div>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("keeps lists and definition lists exactly", () => {
    const html = "<ul><li>a</li><li>b<ol><li>1</li></ol></li></ul><dl><dt>term</dt><dd>definition</dd></dl>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("keeps tables exactly", () => {
    const html =
      '<table><caption>Fees</caption><thead><tr><th scope="col">Tier</th><th scope="col">Rate</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">VIP 1</td><td>0.1%</td></tr><tr><td colspan="1">0.08%</td></tr></tbody>' +
      "<tfoot><tr><td>x</td><td>y</td></tr></tfoot></table>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("adds target and rel to links to other origins", () => {
    expect(sanitizeHtml('<a href="https://other.example/x">x</a>')).toBe(
      '<a href="https://other.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a rel="nofollow opener" href="http://other.example/" title="t">x</a>')).toBe(
      '<a href="http://other.example/" title="t" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it("gives relative, mailto, tel and app links no target", () => {
    expect(sanitizeHtml('<a href="/affiliates/faq" target="_blank">faq</a>')).toBe('<a href="/affiliates/faq">faq</a>');
    expect(sanitizeHtml('<a href="#top">top</a><a href="?tab=2">t</a><a href="../x">x</a>')).toBe(
      '<a href="#top">top</a><a href="?tab=2">t</a><a href="../x">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@example.com">m</a><a href="tel:+1555">t</a>')).toBe(
      '<a href="mailto:a@example.com">m</a><a href="tel:+1555">t</a>',
    );
    expect(sanitizeHtml('<a href="exchangeapp://coin?symbol=BTCUSDT">open</a>')).toBe(
      '<a href="exchangeapp://coin?symbol=BTCUSDT">open</a>',
    );
  });

  it("treats absolute links to the configured origin as same-origin", () => {
    const sanitize = createHtmlSanitizer({ origin: "https://www.example.com" });
    expect(sanitize('<a href="https://www.example.com/affiliates" target="_blank">in</a>')).toBe(
      '<a href="https://www.example.com/affiliates">in</a>',
    );
    expect(sanitize('<a href="https://other.example/">out</a>')).toBe(
      '<a href="https://other.example/" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });

  it("keeps images with safe sources and drops unsafe sources", () => {
    const image = '<img src="https://cdn.example/a.png" alt="a" width="10" height="20">';
    expect(sanitizeHtml(image)).toBe(image);
    expect(
      sanitizeHtml('<figure><img src="data:image/png;base64,iVBORw0KGgo=" alt=""><figcaption>c</figcaption></figure>'),
    ).toBe('<figure><img src="data:image/png;base64,iVBORw0KGgo=" alt=""><figcaption>c</figcaption></figure>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg/>" alt="x">')).toBe('<img alt="x">');
    expect(sanitizeHtml('<img src="//cdn.example/a.png" alt="x">')).toBe('<img alt="x">');
  });

  it("blanks unsafe hrefs but keeps the link text", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe("<a>click</a>");
    expect(sanitizeHtml('<a href="//evil.example/">x</a>')).toBe("<a>x</a>");
  });

  it("drops style, id and other attributes off the whitelist", () => {
    expect(sanitizeHtml('<p style="color:red" id="x" class="note" data-x="1" aria-label="l" name="n">t</p>')).toBe(
      '<p class="note">t</p>',
    );
    expect(sanitizeHtml('<span target="_blank">t</span>')).toBe("<span>t</span>");
  });

  it("unwraps unknown tags but removes forbidden ones with their content", () => {
    expect(sanitizeHtml("<section><p>kept</p></section><font>also</font>")).toBe("<p>kept</p>also");
    expect(sanitizeHtml("<p>a</p><script>alert(1)</script><noscript>hidden</noscript><style>p{}</style>")).toBe(
      "<p>a</p>",
    );
    expect(
      sanitizeHtml(
        "<div>a<form>form text<input value=v></form><svg><text>svg</text></svg><math><mi>m</mi></math>b</div>",
      ),
    ).toBe("<div>ab</div>");
    expect(sanitizeHtml("<iframe>i</iframe><object>o</object><embed>")).toBe("");
  });

  it("removes comments", () => {
    expect(sanitizeHtml("<p>a<!-- secret -->b</p><!---->")).toBe("<p>ab</p>");
  });

  it("keeps plain text as it is", () => {
    expect(sanitizeHtml("Plain text")).toBe("Plain text");
  });
});

describe("sanitizeHtml never throws", () => {
  it.each([
    [null, ""],
    [undefined, ""],
    [{}, ""],
    [[], ""],
    [["<p>x</p>"], ""],
    [{ toString: () => "<script>alert(1)</script>" }, ""],
    [() => "<p>x</p>", ""],
    [true, ""],
    [Symbol("x"), ""],
    [Number.NaN, ""],
    [Number.POSITIVE_INFINITY, ""],
    [42, "42"],
    [-1.5, "-1.5"],
    ["", ""],
  ] as const)("%s → %j", (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it("caps huge input at MAX_HTML_LENGTH", () => {
    const huge = `<p>${"a".repeat(2 * 1024 * 1024)}</p>`;
    const output = sanitizeHtml(huge);
    expect(output.startsWith("<p>aaa")).toBe(true);
    expect(output.length).toBeLessThanOrEqual(MAX_HTML_LENGTH + "<p></p>".length);
  });

  it("returns for 10,000 nested divs, flattening beyond the depth limit", () => {
    const deep = `${"<div>".repeat(10_000)}deep text${"</div>".repeat(10_000)}`;
    const output = sanitizeHtml(deep);
    expect(output).toContain("deep text");
    let depth = 0;
    for (let node: Element | null = parse(output).body.firstElementChild; node !== null; node = node.firstElementChild)
      depth += 1;
    expect(depth).toBe(MAX_NESTING_DEPTH);
  });

  it("returns for unclosed and broken markup", () => {
    expect(sanitizeHtml("<p><b><i>x")).toBe("<p><b><i>x</i></b></p>");
    // An unfinished tag at the end of input is dropped by the HTML tokenizer.
    expect(sanitizeHtml("<<<>>><a href=")).toBe("&lt;&lt;&lt;&gt;&gt;&gt;");
    expect(sanitizeHtml("</div></div><div")).toBe("");
  });
});

describe("DOMPurify instances", () => {
  it("leaves isomorphic-dompurify's shared instance without our hooks", () => {
    sanitizeHtml('<a href="https://other.example/">x</a>');
    expect(isomorphicPurify.sanitize('<a href="https://other.example/">x</a>')).toBe(
      '<a href="https://other.example/">x</a>',
    );
  });

  it("uses a private instance when given a window (the browser path)", () => {
    const sanitize = createHtmlSanitizer({ window: new JSDOM("").window });
    expect(sanitize('<a href="https://other.example/" onclick="x">x</a><script>1</script><!-- c -->')).toBe(
      '<a href="https://other.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    for (const payload of XSS_PAYLOADS) expect(problems(sanitize(payload))).toEqual([]);
    expect(isomorphicPurify.sanitize('<a href="https://other.example/">x</a>')).toBe(
      '<a href="https://other.example/">x</a>',
    );
  });
});
