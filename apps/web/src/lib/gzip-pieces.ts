import "server-only";
import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip of a page that differs per response only in the nonce between its pieces (page-csp.ts), without compressing
 * the page per response: gzip of a ~100 KB page took most of the server's time (SSR 0.25× the bare page).
 *
 * Each piece is compressed once on its own, ended with a sync flush (byte-aligned, not final), so compressed pieces
 * can follow one another in any order: a deflate stream may start a new block at any byte boundary. A response
 * adds only its separator (the nonce attribute, a few dozen bytes), joins the pieces around it, closes the
 * stream with an empty final block and adds gzip's header and trailer (CRC-32 and length of the whole page). The
 * separator goes as a stored block (no zlib call per response).
 */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** An empty final block with fixed Huffman codes: BFINAL=1, BTYPE=01, end-of-block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export interface CompressedPieces {
  raw: Buffer[];
  deflated: Buffer[];
}

export const deflatePiece = (piece: Buffer): Buffer =>
  deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });

export const compressPieces = (raw: Buffer[]): CompressedPieces => ({ raw, deflated: raw.map(deflatePiece) });

/** A separator between pieces, with its form in the deflate stream (storedBlocks). */
export interface CompressedSeparator {
  raw: Buffer;
  deflated: Buffer;
}

/** The most bytes one stored deflate block holds (its LEN field is 16 bits). */
const STORED_BLOCK_MAX = 0xffff;

/**
 * `raw` as stored (uncompressed) deflate blocks, not final: what a response adds between pieces. A separator is a few
 * dozen bytes that compress to nothing, and a zlib call costs ~70 µs however short its input (a tenth of a served
 * page's time); a stored block is five bytes of header, written here. Each piece ends byte-aligned (sync flush), so a
 * block may start there.
 */
export function storedBlocks(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const part = raw.subarray(at, at + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5); // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its complement
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    parts.push(header, part);
    at += STORED_BLOCK_MAX;
  } while (at < raw.length);
  return Buffer.concat(parts);
}

export const compressSeparator = (raw: Buffer): CompressedSeparator => ({ raw, deflated: storedBlocks(raw) });

/**
 * The gzip member of `raw[0] + separatorAt(0) + raw[1] + separatorAt(1) + … + raw[n]` (gap 0 lies between raw[0] and
 * raw[1]).
 */
export function gzipJoin(
  { raw, deflated }: CompressedPieces,
  separatorAt: (gap: number) => CompressedSeparator,
): Buffer {
  const parts: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  raw.forEach((piece, index) => {
    if (index > 0) {
      const gap = separatorAt(index - 1);
      parts.push(gap.deflated);
      // An empty separator adds no bytes to the checksum (and zlib.crc32 was seen to reset on one under vitest).
      if (gap.raw.length > 0) crc = crc32(gap.raw, crc);
      length += gap.raw.length;
    }
    parts.push(deflated[index] as Buffer);
    if (piece.length > 0) crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
