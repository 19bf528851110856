import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPieces, compressSeparator, gzipJoin, storedBlocks } from "../src/lib/gzip-pieces";

/** The same separator in every gap. */
const everyGap = (separator: Buffer) => {
  const compressed = compressSeparator(separator);
  return () => compressed;
};

describe("gzip of a page joined around a per-response separator", () => {
  const pieces = [
    "<html><head><script",
    ' src="/a.js"></script></head><body>' + "x".repeat(50_000) + "<script",
    ">self.__next_f.push([0])</script></body></html>",
  ].map((s) => Buffer.from(s));
  const compressed = compressPieces(pieces);

  it("decompresses to exactly the pieces joined by the separator, for each separator", () => {
    for (const nonce of ["abc", "Zm9vYmFyYmF6cXV4MTIzNA==", "é"]) {
      const separator = Buffer.from(` nonce="${nonce}"`);
      const page = gunzipSync(gzipJoin(compressed, everyGap(separator))).toString();
      expect(page).toBe(pieces.map(String).join(separator.toString()));
    }
  });

  it("each gap may take its own separator (the user agent's attribute first, then nonces)", () => {
    const agent = compressSeparator(Buffer.from(' data-ua="{}"'));
    const nonce = compressSeparator(Buffer.from(' nonce="n"'));
    const page = gunzipSync(gzipJoin(compressed, (gap) => (gap === 0 ? agent : nonce))).toString();
    expect(page).toBe(`${String(pieces[0])} data-ua="{}"${String(pieces[1])} nonce="n"${String(pieces[2])}`);
  });

  it("separators go as stored blocks: empty, short and longer than one block (64 KiB) alike", () => {
    for (const length of [0, 1, 65_535, 65_536, 140_000]) {
      const separator = Buffer.from("s".repeat(length));
      expect(gunzipSync(gzipJoin(compressed, everyGap(separator))).toString()).toBe(
        pieces.map(String).join(String(separator)),
      );
    }
    expect(storedBlocks(Buffer.from(' nonce="n"'))).toHaveLength(5 + 10);
  });

  it("a page without slots is one piece, and compresses well", () => {
    const single = compressPieces([Buffer.from("y".repeat(100_000))]);
    const gz = gzipJoin(single, everyGap(Buffer.from("unused")));
    expect(gunzipSync(gz).toString()).toBe("y".repeat(100_000));
    expect(gz.length).toBeLessThan(1_000);
  });

  it("a damaged trailer is detected by the decoder (the CRC covers the whole page)", () => {
    const gz = gzipJoin(compressed, everyGap(Buffer.from(' nonce="n"')));
    gz.writeUInt8(gz.readUInt8(gz.length - 8) ^ 0xff, gz.length - 8);
    expect(() => gunzipSync(gz)).toThrow();
  });
});
