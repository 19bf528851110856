import { describe, expect, it } from "vitest";
import { absoluteHeadLinks, servedHtml, withRuntimeAttributes } from "../src/lib/served-html";

/**
 * A pre-rendered page as Next writes it with no metadataBase (metadata.ts at build): root-relative head links, in the
 * markup and again in the inline RSC payload (JSON inside a JS string, quotes escaped), next to links that must stay
 * as they are.
 */
const element = (type: string, key: string, props: Record<string, string>) => JSON.stringify(["$", type, key, props]);
const flight = (...elements: string[]) =>
  `<script>self.__next_f.push([1,${JSON.stringify(`2:[${elements.join(",")}]\n`)}])</script>`;

const HEAD_PROPS = {
  canonical: { rel: "canonical", href: "/ja/affiliates/fee" },
  en: { rel: "alternate", hrefLang: "en", href: "/affiliates/fee" },
  xDefault: { rel: "alternate", hrefLang: "x-default", href: "/affiliates/fee" },
  ogUrl: { property: "og:url", content: "/ja/affiliates/fee" },
  ogTitle: { property: "og:title", content: "/not-a-url-but-a-title" },
  stylesheet: { rel: "stylesheet", href: "/affiliates/_next/static/chunks/a.css" },
  icon: { rel: "icon", href: "/affiliates/static/icon.svg" },
};

const page = (origin: string) => {
  const o = (path: string) => `${origin}${path}`;
  return [
    `<!DOCTYPE html><html lang="ja" dir="ltr"><head><meta charSet="utf-8"/>`,
    `<link rel="stylesheet" href="/affiliates/_next/static/chunks/a.css" data-precedence="next"/>`,
    `<link rel="canonical" href="${o("/ja/affiliates/fee")}"/>`,
    `<link rel="alternate" hrefLang="en" href="${o("/affiliates/fee")}"/>`,
    `<link rel="alternate" hrefLang="x-default" href="${o("/affiliates/fee")}"/>`,
    `<meta property="og:url" content="${o("/ja/affiliates/fee")}"/>`,
    `<meta property="og:title" content="/not-a-url-but-a-title"/>`,
    `<link rel="alternate" hrefLang="fr" href="//cdn.example/fr"/>`,
    `<link rel="icon" href="/affiliates/static/icon.svg"/></head>`,
    `<body><a href="/affiliates" rel="alternate">home</a>`,
    flight(
      element("link", "0", HEAD_PROPS.stylesheet),
      element("link", "2", { ...HEAD_PROPS.canonical, href: o(HEAD_PROPS.canonical.href) }),
      element("link", "3", { ...HEAD_PROPS.en, href: o(HEAD_PROPS.en.href) }),
      element("link", "4", { ...HEAD_PROPS.xDefault, href: o(HEAD_PROPS.xDefault.href) }),
      element("meta", "5", { ...HEAD_PROPS.ogUrl, content: o(HEAD_PROPS.ogUrl.content) }),
      element("meta", "6", HEAD_PROPS.ogTitle),
      element("link", "7", HEAD_PROPS.icon),
      element("a", "8", { href: "/affiliates", rel: "alternate" }),
    ),
    `</body></html>`,
  ].join("");
};

describe("a pre-rendered page served with the run-time origin", () => {
  it("gets absolute canonical, hreflang alternates and og:url, in the markup and in the inline RSC payload alike", () => {
    const origin = "https://partners.exchange.example:8443";
    // The page with root-relative links becomes exactly the page Next would have rendered with that origin as base.
    expect(absoluteHeadLinks(page(""), origin)).toBe(page(origin));
  });

  it("leaves everything else alone: other links, protocol-relative and absolute URLs, anchors, non-URL meta", () => {
    const out = absoluteHeadLinks(page(""), "http://a.test");
    expect(out).toContain('<link rel="stylesheet" href="/affiliates/_next/static/chunks/a.css"');
    expect(out).toContain('<link rel="icon" href="/affiliates/static/icon.svg"/>');
    expect(out).toContain('<link rel="alternate" hrefLang="fr" href="//cdn.example/fr"/>');
    expect(out).toContain('<a href="/affiliates" rel="alternate">');
    expect(out).toContain('content="/not-a-url-but-a-title"');
    expect(out).toContain(JSON.stringify(element("a", "8", { href: "/affiliates", rel: "alternate" })).slice(1, -1));
    // Already absolute (a page rendered with a metadataBase): unchanged, not prefixed twice.
    expect(absoluteHeadLinks(page("http://a.test"), "http://b.test")).toBe(page("http://a.test"));
  });

  it("writes APP_ENV and the DSN on <html>, first and escaped; no DSN attribute when none is set", () => {
    const html = '<!DOCTYPE html><html lang="en"><head></head></html>';
    expect(withRuntimeAttributes(html, { appEnv: "beta", sentryDsn: 'https://k@h/1"><script>' })).toBe(
      '<!DOCTYPE html><html data-app-env="beta" data-sentry-dsn="https://k@h/1&quot;&gt;&lt;script&gt;" lang="en"><head></head></html>',
    );
    expect(withRuntimeAttributes(html, { appEnv: "test", sentryDsn: undefined })).toBe(
      '<!DOCTYPE html><html data-app-env="test" lang="en"><head></head></html>',
    );
  });

  it("servedHtml does both", () => {
    const out = servedHtml(page(""), "http://c.test", { appEnv: "online", sentryDsn: undefined });
    expect(out).toBe(page("http://c.test").replace("<html ", '<html data-app-env="online" '));
  });
});
