// Opt-in (npm run test:heavy): a 100 MB attachment through the app and back, and what it costs the app in memory.
// The other kinds' limits (at the limit stored, one byte over refused) are in files.test.ts.
//
// The app runs in a process of its own here (as `npm start` runs it, with its Node flags), on this worker's database
// and bucket, and its RSS is sampled from outside: in the test process the client's chunks and the app's shared one
// heap, and the peak depended on when the collector ran (0-58 MB for the same upload on one machine).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { createUser, sessionClient } from '../factories';
import { download, expectedSha, storedFor, streamUpload } from './file-helpers';
import { rssMb, rssSampler, startApp } from '../../bench/lib.mjs';

const MB = 1024 * 1024;

/** Peak growth of the app process's RSS (MB, sampled every 25 ms) while `work` runs. */
async function appGrowth(pid: number, work: () => Promise<void>): Promise<number> {
  const before = rssMb(pid);
  const sampler = rssSampler(pid, 25);
  let peak: number;
  try {
    await work();
  } finally {
    peak = sampler.stop();
  }
  return Math.max(peak, rssMb(pid)) - before;
}

describe('a 100 MB attachment', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({});
  });
  afterAll(async () => {
    await app?.stop();
  });
  beforeEach(resetDatabase);

  it('attachment: 100 MB round trip byte for byte, 100 MB + 1 refused, app memory growth under 50 MB', async () => {
    const user = await createUser();
    const c = await sessionClient(user, { base: app.url });
    const note = await c.post('/api/note-cards', { content: 'with a big file' });
    const prefix = Buffer.from('big data file\n');
    const sha = expectedSha(100 * MB, prefix);
    /** An attachment of `size` bytes (to the note unless `orphan`), streamed as it is generated. */
    const attach = (size: number, filename: string, orphan = false) =>
      streamUpload(c, '/api/note-cards/attachment', {
        size,
        prefix,
        filename,
        fields: orphan ? undefined : { noteId: note.json.item.id },
      });
    // Warm: a fresh process's first upload loads the multipart and S3 upload code and grows its heap to working size
    // (38-55 MB more for the first 100 MB than for the next), which is not what a transfer holds.
    expect((await attach(6 * MB, 'warm.dat')).status).toBe(200);
    const overGrowth = await appGrowth(app.pid!, async () => {
      expect((await attach(100 * MB + 1, 'big.dat', true)).status).toBe(413);
    });
    let item: any;
    const upGrowth = await appGrowth(app.pid!, async () => {
      const res = await attach(100 * MB, 'big.dat');
      expect(res.status).toBe(200);
      item = res.json.item;
    });
    expect(item).toMatchObject({
      filename: 'big.dat',
      size: 100 * MB,
      url: `/api/note-cards/attach/${item.id}`,
    });
    let got: Awaited<ReturnType<typeof download>> | undefined;
    const downGrowth = await appGrowth(app.pid!, async () => {
      got = await download(item.url, {}, app.url);
    });
    expect(got!.status).toBe(200);
    expect(got!.size).toBe(100 * MB);
    expect(got!.sha).toBe(sha);
    // The warm-up file and the big one: nothing of the refused upload.
    expect(await storedFor(user._id)).toEqual({ rows: 2, objects: 2 });
    console.log(
      `app RSS growth: over-limit ${overGrowth.toFixed(1)} MB, upload ${upGrowth.toFixed(1)} MB, download ${downGrowth.toFixed(1)} MB`,
    );
    expect(overGrowth).toBeLessThan(50);
    expect(upGrowth).toBeLessThan(50);
    expect(downGrowth).toBeLessThan(50);
  }, 600_000);
});
