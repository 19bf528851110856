import { sanitizeHtml } from "@affiliates/safety";

/**
 * HTML from the API (FAQ answers, campaign texts, legal text), sanitised on the server with DOMPurify's whitelist
 * (spec §5) before it reaches the page. Server component: the sanitiser stays out of the browser bundle.
 */
export function SafeHtml({ html, className }: { html: unknown; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
