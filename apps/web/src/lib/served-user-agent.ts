import { asParsedUserAgent, type ParsedUserAgent } from "@affiliates/analytics";

/**
 * The attribute of <html> where the web server writes its parse of the request's user agent (JSON of analytics'
 * browser, OS and device fields, lib/user-agent-slot.ts): the browser then needs no parser of its own (issue 36).
 */
export const PARSED_USER_AGENT_ATTRIBUTE = "data-ua";

/** The server's parse of this page's user agent, or null when the page carries none (or one that does not read). */
export function servedUserAgent(doc: Pick<Document, "documentElement"> = document): ParsedUserAgent | null {
  const text = doc.documentElement.getAttribute(PARSED_USER_AGENT_ATTRIBUTE);
  if (!text) return null;
  try {
    return asParsedUserAgent(JSON.parse(text));
  } catch {
    return null;
  }
}
