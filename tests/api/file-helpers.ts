import { createHash } from 'node:crypto';
// Helpers for the upload tests: multipart bodies of any size generated as they stream, never held in memory.
import { AssetModel } from '#server/assets/asset.model';
import { listObjects } from '#server/storage';
import { appUrl } from '../setup/app';
import type { Client } from '../setup/client';

/** A PNG signature and header: enough for content sniffing to call the bytes a PNG. */
export const PNG_HEAD = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

export interface StreamedUpload {
  /** Bytes of the file: `prefix`, then filler up to `size`. */
  size: number;
  prefix?: Buffer;
  filename?: string;
  type?: string;
  /** Form fields sent before the file. */
  fields?: Record<string, string>;
  /** Send Content-Length (default: chunked, so the limit is enforced while streaming). */
  withLength?: boolean;
}

const BOUNDARY = 'test-boundary-7f3a';

function parts(u: StreamedUpload) {
  const fields = Object.entries(u.fields ?? {})
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${u.filename ?? 'file.bin'}"\r\n` +
      `Content-Type: ${u.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { head, tail };
}

/** The byte at position i of a generated file (a repeating pattern, so round trips can be checked). */
export const fillerByte = (i: number) => (i * 31 + 7) & 0xff;

// The filler repeats every 256 bytes, so one chunk serves every position: generating 100 MB makes no garbage.
const CHUNK = 256 * 1024;
const PATTERN = Buffer.from(Array.from({ length: CHUNK }, (_, i) => fillerByte(i)));

/** SHA-256 of the file `fileStream` generates (computed from the same chunks, quickly). */
export function expectedSha(size: number, prefix: Buffer): string {
  const hash = createHash('sha256');
  for (let pos = 0; pos < size; pos += CHUNK) {
    let chunk = PATTERN.subarray(0, Math.min(CHUNK, size - pos));
    if (pos < prefix.length) {
      chunk = Buffer.from(chunk);
      prefix.copy(chunk, 0, pos, Math.min(prefix.length, pos + chunk.length));
    }
    hash.update(chunk);
  }
  return hash.digest('hex');
}

function fileStream(u: StreamedUpload): ReadableStream<Uint8Array> {
  const { head, tail } = parts(u);
  const prefix = u.prefix ?? Buffer.alloc(0);
  let pos = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
        return;
      }
      if (pos >= u.size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const n = Math.min(CHUNK, u.size - pos);
      let chunk = PATTERN.subarray(0, n);
      if (pos < prefix.length) {
        chunk = Buffer.from(chunk);
        prefix.copy(chunk, 0, pos, Math.min(prefix.length, pos + n));
      }
      pos += n;
      controller.enqueue(chunk);
    },
  });
}

/** Posts a generated file to `path` as the client; returns status and parsed JSON. */
export async function streamUpload(c: Client, path: string, u: StreamedUpload) {
  const base = await c.baseUrl();
  const headers: Record<string, string> = {
    cookie: c.cookieHeader(),
    origin: base,
    'sec-fetch-site': 'same-origin',
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (u.withLength) {
    const { head, tail } = parts(u);
    headers['content-length'] = String(head.length + u.size + tail.length);
  }
  const res = await fetch(base + path, {
    method: 'POST',
    body: fileStream(u),
    duplex: 'half',
    headers,
  } as RequestInit);
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers };
}

/** What is stored for a user: asset rows and S3 objects. */
export async function storedFor(userId: string) {
  return {
    rows: await AssetModel.countDocuments({ ownerId: userId }),
    objects: (await listObjects(`users/${userId}/`)).length,
  };
}

/**
 * Downloads a URL chunk by chunk (from `base`, default the app in this process); returns status, headers, size and
 * SHA-256 without holding the body.
 */
export async function download(path: string, headers: Record<string, string> = {}, base?: string) {
  const res = await fetch((base ?? (await appUrl())) + path, { headers });
  const hash = createHash('sha256');
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      size += chunk.length;
    }
  }
  return { status: res.status, headers: res.headers, size, sha: hash.digest('hex') };
}
