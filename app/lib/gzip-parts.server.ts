// A gzip body made of parts compressed once and a short value that changes per response (the CSP nonce of a
// remembered page, app/lib/render-memo.server.ts). Compressing the signed-in dashboard's 54 KB for every response
// was about a seventh of its CPU once the page itself was remembered (a CPU profile of bench/home.mjs).
//
// Deflate is a sequence of blocks: each part is compressed on its own and ended with a sync flush (byte-aligned,
// not final), the value goes between them as a stored (uncompressed) block, an empty final block ends the stream,
// and the gzip frame around it carries the CRC-32 and length of the whole (RFC 1951 §3.2.4, RFC 1952).
import zlib from 'node:zlib';

/** The parts compressed once: raw deflate, each ended with a sync flush. */
export function deflateParts(parts: Buffer[]): Buffer[] {
  return parts.map((part) => zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
}

// ID1 ID2, CM = deflate, no flags, no time, no extra flags, OS unknown.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final stored block of no bytes.
const END = Buffer.from([1, 0, 0, 0xff, 0xff]);

// Node 20's zlib.crc32 answered 0 for an empty buffer after a start value once optimised (seen in this file's test).
const crc32 = (data: Buffer, start: number) => (data.length ? zlib.crc32(data, start) : start);

function storedBlock(value: Buffer): Buffer {
  if (value.length > 0xffff) throw new RangeError('a stored block holds at most 65,535 bytes');
  const head = Buffer.alloc(5);
  head.writeUInt16LE(value.length, 1);
  head.writeUInt16LE(~value.length & 0xffff, 3);
  return Buffer.concat([head, value]);
}

/**
 * The gzip body of `raw[0] value raw[1] value ... raw[n]`, as chunks, from `deflated` (deflateParts(raw)). The
 * value is short (a nonce): only it and the frame are made per response.
 */
export function gzipJoined(raw: Buffer[], deflated: Buffer[], value: Buffer): Buffer[] {
  const between = storedBlock(value);
  const chunks: Buffer[] = [HEADER, deflated[0]!];
  let crc = crc32(raw[0]!, 0);
  let size = raw[0]!.length;
  for (let i = 1; i < raw.length; i++) {
    chunks.push(between, deflated[i]!);
    crc = crc32(raw[i]!, crc32(value, crc));
    size += value.length + raw[i]!.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(END, trailer);
  return chunks;
}
