import { describe, expect, it } from "vitest";
import { decodeHtmlEntities } from "../src/index";

describe("decodeHtmlEntities", () => {
  it.each([
    ["javascript&colon;", "javascript:"],
    ["&#106;avascript:", "javascript:"],
    ["&#x6A;avascript:", "javascript:"],
    ["&#X6a;", "j"],
    ["&#0000106avascript", "javascript"],
    ["&#x000000006A;", "j"],
    ["&#106&#97", "ja"],
    ["a&Tab;b&NewLine;c", "a\tb\nc"],
    ["&lpar;1&rpar;", "(1)"],
    ["&amp;#106;", "&#106;"],
    ["&amp &lt &gt &quot", '& < > "'],
    ["&ampfoo;", "&ampfoo;"],
    ["&unknown;", "&unknown;"],
    ["&colon", "&colon"],
    ["&#0;", "\ufffd"],
    ["&#xD800;", "\ufffd"],
    ["&#x110000;", "\ufffd"],
    ["&#99999999999999999999;", "\ufffd"],
    ["&#x1F600;", "\u{1F600}"],
    ["no entities", "no entities"],
    ["& alone", "& alone"],
    ["&toString;", "&toString;"],
    ["&constructor;", "&constructor;"],
  ])("%j → %j", (input, expected) => {
    expect(decodeHtmlEntities(input)).toBe(expected);
  });
});
