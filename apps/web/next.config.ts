import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { BASE_PATH } from "@affiliates/locales";
import { withSentryConfig } from "@sentry/nextjs/config";

/**
 * Catalogues are compiled at build time (next-intl 4's precompiled messages): pages get each message as icu-minify's
 * compact form and format it with a runtime of under 1 KB, so no ICU parser is downloaded (issue 36). Anything that
 * needs a catalogue string reads it through `t` (form-kit's validate messages), never the compiled value raw.
 */
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./src/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
];

/** Files (scripts, styles, images, fonts) need no sources; pages get their own policy from the proxy (lib/csp.ts). */
export const ASSET_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/** HSTS only when the request reached the gateway over https (a browser ignores it over http anyway). */
export const HSTS = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

const ASSET_PATHS = [`${BASE_PATH}/_next/:path*`, `${BASE_PATH}/static/:path*`, "/_next/:path*"];

const config: NextConfig = {
  // All assets live under /affiliates so a gateway can route the product by that prefix alone (architecture.md).
  assetPrefix: BASE_PATH,
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: [
    "@affiliates/locales",
    "@affiliates/contracts",
    "@affiliates/http",
    "@affiliates/bridge",
    "@affiliates/safety",
    "@affiliates/device-token",
    "@affiliates/analytics",
  ],
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // BROWSER_SOURCE_MAPS=1 (with NEXT_DIST_DIR elsewhere): a build whose chunks name their sources, for finding what a
  // page's bytes are made of (README "Performance"). Production builds ship none.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
  images: {
    path: `${BASE_PATH}/_next/image`,
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
  },
  // Response headers of every page and asset: no sniffing, a strict referrer policy, no powerful features,
  // framing by the product's own hosts only, HSTS behind an https gateway. Pages' CSP comes from the proxy.
  headers: () =>
    Promise.resolve([
      { source: "/:path*", headers: SECURITY_HEADERS },
      ...ASSET_PATHS.map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: ASSET_CSP }] })),
      {
        source: "/:path*",
        has: [{ type: "header" as const, key: "x-forwarded-proto", value: "https" }],
        headers: [HSTS],
      },
    ]),
  experimental: {
    // Our packages too: each is a barrel (index.ts re-exports every module), and without this a page that takes one
    // constant from @affiliates/contracts got every module behind the barrel, zod schemas and all.
    optimizePackageImports: [
      "antd",
      "ahooks",
      "@affiliates/contracts",
      "@affiliates/http",
      "@affiliates/device-token",
      "@affiliates/analytics",
      "@affiliates/bridge",
      "@affiliates/locales",
      "@affiliates/safety",
    ],
    // Pre-rendering ~1,900 page variants is the build's longest step: use both cores of the build machine, not one.
    cpus: 2,
    // Script files carry their hash (integrity): one changed on its way to the browser does not run (lib/csp.ts).
    sri: { algorithm: "sha256" },
    // The style sheets go into the HTML: the first paint waits for no request but the page's own (issue 20).
    inlineCss: true,
  },
};

/**
 * Error reporting (requirements.md §7-9). Nothing deployment-specific is built in: APP_ENV, SENTRY_DSN and PUBLIC_ORIGIN are
 * read at run time (src/lib/runtime-config.ts), so one build serves any origin and environment — hence no `env` here,
 * which would inline them into both bundles. Nothing is uploaded and nothing needs the network at build: no source
 * maps, no release, no telemetry.
 */
export default withSentryConfig(withNextIntl(config), {
  silent: true,
  telemetry: false,
  sourcemaps: { disable: true },
  release: { create: false, finalize: false },
  routeManifestInjection: false,
  suppressOnRouterTransitionStartWarning: true,
});
