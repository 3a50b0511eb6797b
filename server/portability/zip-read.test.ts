import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TextReader, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { rawZip } from '../../tests/api/zip-helpers';
import { EMPTY_BZIP2, REFUSAL_MARKER, REFUSAL_MARKER_METHOD } from './refusal-marker';
import { SafeZip, USER_ZIP_LIMITS, receiveUpload, type ZipLimits } from './zip-read';

const MB = 1024 * 1024;

function multipart(bytes: Buffer): Request {
  const form = new FormData();
  form.append('mode', 'clean');
  form.append('file', new Blob([new Uint8Array(bytes)]), 'a.zip');
  return new Request('http://localhost/x', { method: 'POST', body: form });
}

async function tempZip(bytes: Buffer): Promise<string> {
  const file = path.join(tmpdir(), `zip-read-test-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(file, bytes);
  return file;
}

/** An archive with an empty bzip2 entry named `name` (as the configuration export writes the marker) and a.txt. */
async function withBzip2Entry(name: string): Promise<Buffer> {
  const zip = new ZipWriter(new Uint8ArrayWriter(), { useWebWorkers: false });
  await zip.add(name, new Uint8ArrayReader(EMPTY_BZIP2), {
    passThrough: true,
    compressionMethod: REFUSAL_MARKER_METHOD,
    uncompressedSize: 0,
    crc32: 0,
  });
  await zip.add('a.txt', new TextReader('hello'));
  return Buffer.from(await zip.close());
}

const uploads = async () => (await readdir(tmpdir())).filter((n) => n.startsWith('sakura-upload-')).length;

describe('receiveUpload', () => {
  it('keeps the file and the fields under the limit, and refuses past it while streaming, leaving nothing', async () => {
    const { file, fields } = await receiveUpload(multipart(Buffer.alloc(MB)), MB);
    expect(fields.mode).toBe('clean');
    expect(file.size).toBe(MB);
    expect(existsSync(file.path)).toBe(true);
    await file.dispose();
    expect(existsSync(file.path)).toBe(false);

    const before = await uploads();
    await expect(receiveUpload(multipart(Buffer.alloc(MB + 1)), MB)).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    expect(await uploads()).toBe(before);
  });
});

describe('SafeZip', () => {
  const small: ZipLimits = { ...USER_ZIP_LIMITS, maxEntryBytes: MB, maxTotalBytes: 2 * MB, maxEntries: 3 };

  it('counts inflated bytes: an entry that inflates past its declared size fails while streaming', async () => {
    const zip = await SafeZip.open(
      await tempZip(
        rawZip([{ name: 'a.bin', data: Buffer.alloc(600 * 1024), deflate: true, declaredSize: 1000 }]),
      ),
      small,
    );
    await expect(zip.read('a.bin', MB)).rejects.toMatchObject({ status: expect.any(Number) });
    zip.close();
  });

  it('refuses archives whose entries together pass the total limit before inflating any', async () => {
    const entries = [0, 1, 2].map((i) => ({ name: `f${i}`, data: Buffer.alloc(900 * 1024), deflate: true }));
    await expect(
      SafeZip.open(await tempZip(rawZip(entries)), { ...small, maxRatio: 10_000 }),
    ).rejects.toMatchObject({
      details: { reason: 'zip_bomb' },
    });
  });

  it('refuses too many entries, special files and duplicates', async () => {
    const four = [0, 1, 2, 3].map((i) => ({ name: `f${i}`, data: Buffer.from('x') }));
    await expect(SafeZip.open(await tempZip(rawZip(four)), small)).rejects.toMatchObject({
      details: { reason: 'too_many_entries' },
    });
    const fifo = rawZip([{ name: 'pipe', data: Buffer.alloc(0), unixMode: 0o010644 }]);
    await expect(SafeZip.open(await tempZip(fifo), small)).rejects.toMatchObject({
      details: { reason: 'special_entry' },
    });
    const dup = rawZip([
      { name: 'a', data: Buffer.from('1') },
      { name: 'a', data: Buffer.from('2') },
    ]);
    await expect(SafeZip.open(await tempZip(dup), small)).rejects.toMatchObject({
      details: { reason: 'duplicate_entry' },
    });
  });

  it('reads a valid archive', async () => {
    const zip = await SafeZip.open(
      await tempZip(rawZip([{ name: 'dir/a.txt', data: Buffer.from('hello'), deflate: true }])),
      small,
    );
    expect(zip.filesUnder('dir/')).toEqual(['dir/a.txt']);
    expect((await zip.read('dir/a.txt', MB)).toString()).toBe('hello');
    zip.close();
  });

  it('skips the refusal marker by name and never opens it; another entry of an unknown method is still refused', async () => {
    const zip = await SafeZip.open(await tempZip(await withBzip2Entry(REFUSAL_MARKER)), small);
    expect([...zip.entries.keys()]).toEqual(['a.txt']);
    expect((await zip.read('a.txt', MB)).toString()).toBe('hello');
    zip.close();
    await expect(SafeZip.open(await tempZip(await withBzip2Entry('other.txt')), small)).rejects.toMatchObject(
      { details: { reason: 'corrupt' } },
    );
  });
});
