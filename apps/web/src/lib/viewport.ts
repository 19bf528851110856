import type { Viewport } from "next";

/**
 * The page's viewport (architecture.md, Decisions 2026-11-26). Inside the native app the scale stays fixed at 1 with no
 * zoom (requirements.md §2): the WebView is the app's screen. On the web the page is zoomable, as WCAG 1.4.4 (resize text)
 * requires.
 */
export const APP_VIEWPORT = {
  width: "device-width",
  initialScale: 1,
  maximumScale: 1,
  userScalable: false,
} as const satisfies Viewport;
export const WEB_VIEWPORT = { width: "device-width", initialScale: 1 } as const satisfies Viewport;

export const viewportOf = (inApp: boolean): Viewport => (inApp ? APP_VIEWPORT : WEB_VIEWPORT);
