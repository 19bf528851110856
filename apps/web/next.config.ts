import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { BASE_PATH } from "@affiliates/locales";
import { withSentryConfig } from "@sentry/nextjs/config";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'" },
];

const config: NextConfig = {
  // All assets live under /affiliates so a gateway can route the product by that prefix alone (design.md).
  assetPrefix: BASE_PATH,
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ["@affiliates/locales", "@affiliates/contracts", "@affiliates/http", "@affiliates/bridge", "@affiliates/safety", "@affiliates/device-token", "@affiliates/analytics"],
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  images: {
    path: `${BASE_PATH}/_next/image`,
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
  },
  // Response headers of every page and asset (issue 12 in part): no sniffing, a strict referrer policy, no powerful
  // features, framing by the product's own origin only. HSTS is sent by the TLS-terminating gateway, not here.
  headers: () => Promise.resolve([{ source: "/:path*", headers: SECURITY_HEADERS }]),
  experimental: {
    optimizePackageImports: ["antd", "ahooks"],
  },
};

/**
 * Error reporting (spec §7-9): the client reads APP_ENV and the DSN at build time (pages are pre-rendered).
 * Nothing is uploaded and nothing needs the network at build: no source maps, no release, no telemetry.
 */
const errorReportingEnv = {
  NEXT_PUBLIC_APP_ENV: process.env.APP_ENV ?? "test",
  NEXT_PUBLIC_SENTRY_DSN: process.env.SENTRY_DSN ?? "",
};

export default withSentryConfig(withNextIntl({ ...config, env: { ...config.env, ...errorReportingEnv } }), {
  silent: true,
  telemetry: false,
  sourcemaps: { disable: true },
  release: { create: false, finalize: false },
  routeManifestInjection: false,
  suppressOnRouterTransitionStartWarning: true,
});
