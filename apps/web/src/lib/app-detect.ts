import { detectApp } from "@affiliates/bridge";

/**
 * Whether a request comes from the native app, by its user agent alone (the server sees no WebView globals): the
 * bridge's own `detectApp`, so the page the server renders (no header or footer, no login redirect) is the mode the
 * page then runs in on the client.
 */
export const isAppUserAgent = (userAgent: string | null | undefined): boolean => detectApp({ userAgent }).inApp;
