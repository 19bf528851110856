import { describe, expect, it } from "vitest";
import { parseUserAgent } from "@affiliates/analytics/user-agent";
import { servedUserAgent, PARSED_USER_AGENT_ATTRIBUTE } from "../src/lib/served-user-agent";
import { userAgentAttribute } from "../src/lib/user-agent-slot";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** A document whose <html> has the attribute as the server wrote it (entities decoded, as the browser does). */
const documentWith = (attribute: string | null) =>
  ({
    documentElement: {
      getAttribute: (name: string) => (name === PARSED_USER_AGENT_ATTRIBUTE ? attribute : null),
    },
  }) as unknown as Pick<Document, "documentElement">;

const decoded = (raw: Buffer): string => {
  const value = new RegExp(` ${PARSED_USER_AGENT_ATTRIBUTE}="([^"]*)"`).exec(raw.toString())?.[1] ?? "";
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
};

describe("the user agent parsed on the server, read in the browser (issue 36)", () => {
  it("what the server writes, the browser reads back as the parse itself", () => {
    const attribute = userAgentAttribute(ANDROID);
    const read = servedUserAgent(documentWith(decoded(attribute.raw)));
    expect(read).toEqual(parseUserAgent(ANDROID));
    expect(read).toMatchObject({ os: "Android", manufacturer: "Samsung", deviceType: "mobile" });
  });

  it("a page without it, or with one that does not read, gives null (the browser then parses itself)", () => {
    expect(servedUserAgent(documentWith(null))).toBeNull();
    expect(servedUserAgent(documentWith("{not json"))).toBeNull();
    expect(servedUserAgent(documentWith('{"browser":"Chrome"}'))).toBeNull();
    expect(servedUserAgent(documentWith(JSON.stringify({ ...parseUserAgent(ANDROID), os: 7 })))).toBeNull();
  });

  it("each user agent is parsed once; the cache is bounded and drops the least recently used", () => {
    const first = userAgentAttribute(`${ANDROID} first`);
    expect(userAgentAttribute(`${ANDROID} first`)).toBe(first);
    for (let i = 0; i < 999; i++) userAgentAttribute(`${ANDROID} filler ${i}`);
    expect(userAgentAttribute(`${ANDROID} first`)).toBe(first); // used again: now the most recent
    for (let i = 0; i < 1_000; i++) userAgentAttribute(`${ANDROID} more ${i}`);
    expect(userAgentAttribute(`${ANDROID} first`)).not.toBe(first);
  });

  it("only the first 500 characters count, as for ua-parser-js itself", () => {
    const long = `${ANDROID} ${"x".repeat(1_000)}`;
    expect(userAgentAttribute(long)).toBe(userAgentAttribute(long.slice(0, 500)));
  });
});
