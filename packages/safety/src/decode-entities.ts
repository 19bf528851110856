/**
 * Decodes HTML character references the way a browser does when it reads an
 * attribute value from markup, so that `javascript&colon;`, `&#106;avascript:`
 * and `&#x6A;avascript:` are seen as the `javascript:` they become.
 *
 * Covered (enough for URL checks, not a full HTML5 entity table):
 * - decimal and hex numeric references, with or without the trailing `;`
 *   (browsers accept both in attributes), including zero-padded ones such as
 *   `&#0000106`; 0, surrogates and values above U+10FFFF become U+FFFD;
 * - the named references that can build a scheme or a URL's structure
 *   (`&colon;`, `&Tab;`, `&NewLine;`, `&sol;`, `&lpar;` ...) with `;`, and the
 *   legacy ones browsers also accept without it (`&amp`, `&lt`, `&gt`,
 *   `&quot`, `&nbsp`).
 * Unknown references are left as they are.
 */

const NAMED_WITH_SEMICOLON: Readonly<Record<string, string>> = {
  amp: "&",
  AMP: "&",
  lt: "<",
  LT: "<",
  gt: ">",
  GT: ">",
  quot: '"',
  QUOT: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  Tab: "\t",
  NewLine: "\n",
  sol: "/",
  bsol: "\\",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  lbrack: "[",
  rbrack: "]",
  lcub: "{",
  rcub: "}",
  lbrace: "{",
  rbrace: "}",
  semi: ";",
  comma: ",",
  period: ".",
  excl: "!",
  quest: "?",
  num: "#",
  percnt: "%",
  plus: "+",
  equals: "=",
  commat: "@",
  dollar: "$",
  ast: "*",
  midast: "*",
  grave: "`",
  Hat: "^",
  lowbar: "_",
  verbar: "|",
  vert: "|",
  hyphen: "\u2010",
  dash: "\u2010",
  zwj: "\u200d",
  zwnj: "\u200c",
};

/** Legacy references that browsers decode even without the closing `;`. */
const LEGACY_WITHOUT_SEMICOLON: Readonly<Record<string, string>> = {
  amp: "&",
  AMP: "&",
  lt: "<",
  LT: "<",
  gt: ">",
  GT: ">",
  quot: '"',
  QUOT: '"',
  nbsp: "\u00a0",
};

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))/g;

function fromCodePoint(codePoint: number): string {
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    return "\ufffd";
  }
  return String.fromCodePoint(codePoint);
}

/** Leading zeros are allowed (`&#0000106`); a run too long for any code point is clamped to an invalid one. */
function parseDigits(digits: string, radix: 10 | 16): number {
  const significant = digits.replace(/^0+/, "");
  if (significant.length > 8) return 0x110000;
  return significant === "" ? 0 : Number.parseInt(significant, radix);
}

export function decodeHtmlEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(
    REFERENCE,
    (
      whole: string,
      hex: string | undefined,
      dec: string | undefined,
      name: string | undefined,
      semicolon: string | undefined,
    ) => {
      if (hex !== undefined) return fromCodePoint(parseDigits(hex, 16));
      if (dec !== undefined) return fromCodePoint(parseDigits(dec, 10));
      if (name === undefined) return whole;
      const table = semicolon === ";" ? NAMED_WITH_SEMICOLON : LEGACY_WITHOUT_SEMICOLON;
      const decoded = Object.hasOwn(table, name) ? table[name] : undefined;
      return decoded === undefined ? whole : decoded;
    },
  );
}
