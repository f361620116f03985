import { constants, crc32, deflateRawSync } from "node:zlib";

/** The farthest back a deflate stream may refer to. */
const WINDOW = 32 * 1024;
/** A gzip member's header: deflate, no name, no time, made on Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);

/** `bytes` as a stored (uncompressed), non-final deflate block, which starts and ends on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.byteLength);
  // BFINAL 0, BTYPE 00, then padding to the byte; LEN and its one's complement, little-endian.
  block.writeUInt16LE(bytes.byteLength, 1);
  block.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/**
 * Compresses once a document that differs from one answer to the next only by a value of `gapLength` bytes (a
 * nonce) between its `parts`, and gives, for each answer, its gzip with that answer's value (undefined for a value of
 * another length): the parts compressed
 * beforehand, the value stored as it is between them, and the checksum. A cached page is then sent compressed
 * without compressing it again (about half a millisecond for a brand page).
 *
 * Each part is compressed as a deflate stream that goes on from the one before: it may refer back to the bytes
 * before it, given as its dictionary, in which each gap is a run of zero bytes. A part never holds a zero byte, so
 * nothing refers to a gap, whose bytes change. Undefined when a part holds one (the page is then compressed for
 * each answer).
 */
export function gzipAround(
  parts: readonly Buffer[],
  gapLength: number,
): { compressedBytes: number; withGap: (gap: Buffer) => Buffer | undefined } | undefined {
  if (gapLength > 0xffff || parts.some((part) => part.includes(0))) return undefined;
  const gapPlaceholder = Buffer.alloc(gapLength);
  const segments: Buffer[] = [];
  let before = Buffer.alloc(0);
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    segments.push(
      deflateRawSync(part, {
        ...(before.byteLength > 0 ? { dictionary: before } : {}),
        // A sync flush ends the part on a byte boundary, in a block that is not the last.
        finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      }),
    );
    const next = Buffer.concat([before, part, last ? Buffer.alloc(0) : gapPlaceholder]);
    before = next.subarray(Math.max(0, next.byteLength - WINDOW));
  });
  const size = parts.reduce((total, part) => total + part.byteLength, 0) + gapLength * (parts.length - 1);

  const withGap = (gap: Buffer) => {
    if (gap.byteLength !== gapLength) return undefined;
    const gapBlock = storedBlock(gap);
    const chunks: Buffer[] = [GZIP_HEADER];
    let checksum = 0;
    parts.forEach((part, index) => {
      if (index > 0) {
        chunks.push(gapBlock);
        checksum = crc32(gap, checksum);
      }
      chunks.push(segments[index] ?? Buffer.alloc(0));
      checksum = crc32(part, checksum);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(checksum >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    chunks.push(trailer);
    return Buffer.concat(chunks);
  };
  return { compressedBytes: segments.reduce((total, segment) => total + segment.byteLength, 0), withGap };
}
