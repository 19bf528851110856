import "server-only";
import { parseUserAgent } from "@affiliates/analytics/user-agent";
import { compressSeparator, type CompressedSeparator } from "./gzip-pieces";
import { escapeAttribute } from "./served-html";
import { PARSED_USER_AGENT_ATTRIBUTE } from "./served-user-agent";

/**
 * A served page's <html> carries the server's parse of the request's user agent (served-user-agent.ts), so a phone
 * does not download ua-parser-js (8 KB gzip) to fill analytics' browser, OS and device fields. Visitors' user agents
 * are few and repeat, so each parse (and its attribute, raw and deflated for the gzip join) is kept: a served page
 * costs a lookup, not a parse. The cache is bounded; the oldest entry goes first.
 */
const MAX_ENTRIES = 1_000;
/** ua-parser-js reads no further than this; longer strings are cut before the lookup, so a key stays bounded too. */
const USER_AGENT_MAX_LENGTH = 500;

const cache = new Map<string, CompressedSeparator>();

/** ` data-ua="{…}"`, the attribute written at the end of a served page's <html> start tag, for this user agent. */
export function userAgentAttribute(userAgent: string | null): CompressedSeparator {
  const key = (userAgent ?? "").slice(0, USER_AGENT_MAX_LENGTH);
  const known = cache.get(key);
  if (known) {
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const json = JSON.stringify(parseUserAgent(key));
  const made = compressSeparator(Buffer.from(` ${PARSED_USER_AGENT_ATTRIBUTE}="${escapeAttribute(json)}"`, "utf8"));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}
