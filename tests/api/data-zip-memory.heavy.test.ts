// Opt-in (npm run test:heavy): 180 MB of attachments exported as one streamed archive, and the memory it takes: the
// per-user archive (yazl) and the whole-instance one (zip.js, decisions §70).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import yauzl from 'yauzl';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { rssGrowth } from './memory-helpers';
import { appUrl } from '../setup/app';
import { createUser, sessionClient } from '../factories';
import { streamUpload } from './file-helpers';

const MB = 1024 * 1024;

describe('a large export streams', () => {
  beforeEach(resetDatabase);

  it.each([
    { archive: 'per-user', path: '/api/user/data/export', folder: 'assets/' },
    { archive: 'configuration', path: '/api/config/export', folder: 'users/0/assets/' },
  ])(
    'exports 3 x 60 MB of attachments without holding the $archive archive in memory',
    async ({ path: url, folder }) => {
      const user = await createUser({ role: 'admin' });
      const c = await sessionClient(user);
      const note = await c.create('/api/note-cards', { title: 'Big', content: 'files' });
      for (let i = 0; i < 3; i++) {
        const res = await streamUpload(c, '/api/note-cards/attachment', {
          size: 60 * MB,
          prefix: Buffer.from(`file ${i}\n`),
          filename: `big-${i}.dat`,
          fields: { noteId: note.id },
        });
        expect(res.status).toBe(200);
      }
      const file = path.join(tmpdir(), `export-${user._id}.zip`);
      const base = await appUrl();
      const growth = await rssGrowth(async () => {
        const res = await fetch(base + url, {
          method: 'POST',
          headers: { cookie: c.cookieHeader(), origin: base, 'sec-fetch-site': 'same-origin' },
        });
        expect(res.status).toBe(200);
        await pipeline(
          Readable.fromWeb(res.body as unknown as NodeWebStream<Uint8Array>),
          createWriteStream(file),
        );
      });
      try {
        const zip = await yauzl.openPromise(file, { lazyEntries: true });
        const sizes: number[] = [];
        await new Promise<void>((resolve, reject) => {
          zip.on('entry', (e: yauzl.Entry) => {
            if (e.fileName.startsWith(folder)) sizes.push(e.uncompressedSize);
            zip.readEntry();
          });
          zip.on('end', () => resolve());
          zip.on('error', reject);
          zip.readEntry();
        });
        zip.close();
        expect(sizes).toEqual([60 * MB, 60 * MB, 60 * MB]);
      } finally {
        await rm(file, { force: true });
      }
      console.log(`RSS growth while exporting 180 MB of files (${url}): ${growth >> 20} MB`);
      // Buffering the archive would take at least 180 MB (plus the compressed copy).
      expect(growth).toBeLessThan(120 * MB);
    },
    300_000,
  );
});
