import "server-only";
import { HeaderName, isSuccessCode } from "@affiliates/contracts";
import { sanitizeHtml } from "@affiliates/safety";
import { APP_ENDPOINTS } from "@affiliates/contracts/app-endpoints";
import { OFFERS, offerKey, type OfferAnswer, type OfferName, type Offers } from "./offers";

/**
 * The server's side of the offers (lib/offers.ts): fetched from the API when the pages are rendered at build time, and
 * again when the proxy renews a served page (page-renewal.ts: draft mode skips the fetch cache), and handed to the page.
 * An offer the API does not give (down, refusing) is left out: the browser then asks for it as before.
 */
const apiOrigin = () => process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? "4000"}`;
const FETCH_TIMEOUT_MS = 5_000;

/** The API path an offer is read from (its endpoint in the table). */
export const offerPath = (name: OfferName): string => APP_ENDPOINTS[OFFERS[name].endpoint].path;

/** FAQ answers are HTML: sanitised here, on the server, and shown as they are (FaqList). */
function withSanitisedAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSanitisedAnswers);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([key, item]) => [key, withSanitisedAnswers(item)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (typeof object.answerHtml === "string") object.sanitizedHtml = sanitizeHtml(object.answerHtml);
  return object;
}

export async function fetchOffer<N extends OfferName>(
  name: N,
  locale: string,
  fetcher: typeof fetch = fetch,
): Promise<OfferAnswer<N> | undefined> {
  try {
    const response = await fetcher(`${apiOrigin()}/${offerPath(name)}`, {
      headers: { [HeaderName.locale]: locale, accept: "application/json" },
      cache: "force-cache",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    const body = (await response.json()) as { code?: unknown; data?: unknown };
    // The API's answer to the offer's endpoint (its contract), with each FAQ answer's sanitised HTML beside it.
    return response.ok && isSuccessCode(body.code) && body.data != null
      ? (withSanitisedAnswers(body.data) as OfferAnswer<N>)
      : undefined;
  } catch (error) {
    console.warn(
      `[offers] ${offerPath(name)} (${locale}) not rendered into the page: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

/** The page's offers by useApi cache key; those the API did not give are left out. */
export async function loadOffers(locale: string, names: readonly OfferName[], fetcher?: typeof fetch): Promise<Offers> {
  const answers = await Promise.all(
    names.map(async (name) => [offerKey(name, locale), await fetchOffer(name, locale, fetcher)] as const),
  );
  return Object.fromEntries(answers.filter(([, data]) => data !== undefined));
}
