import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateParts, gzipJoined } from './gzip-parts.server';

const join = (raw: Buffer[], value: Buffer) =>
  Buffer.concat(raw.flatMap((part, i) => (i ? [value, part] : [part])));

describe('gzipJoined', () => {
  it('is a gzip body that standard decoders read as the parts joined by the value', () => {
    const page = Buffer.from(`<html>${'<li class="tile">卡片 card</li>'.repeat(2000)}</html>`);
    const raw = [page.subarray(0, 5000), page.subarray(5000, 60_000), page.subarray(60_000), Buffer.alloc(0)];
    const deflated = deflateParts(raw);
    for (const value of [randomBytes(16), Buffer.from('nonce-2'), Buffer.alloc(0)]) {
      const body = Buffer.concat(gzipJoined(raw, deflated, value));
      expect(zlib.gunzipSync(body).equals(join(raw, value))).toBe(true);
    }
    // Compressed once: the body is far smaller than the page.
    expect(Buffer.concat(gzipJoined(raw, deflated, randomBytes(16))).length).toBeLessThan(page.length / 10);
  });

  it('a single part is a plain gzip body', () => {
    const raw = [Buffer.from('hello, world')];
    expect(
      zlib.gunzipSync(Buffer.concat(gzipJoined(raw, deflateParts(raw), Buffer.from('x')))).toString(),
    ).toBe('hello, world');
  });
});
