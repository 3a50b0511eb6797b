// Opt-in (npm run test:heavy): a large bookmark batch body is read a bookmark at a time, so the server's event loop
// is never held for as long as one JSON.parse of it takes. A stall measure that a loaded shared machine disturbs
// (it failed there on load alone); the refusal of the same body and the JSON semantics are in bookmarks.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, sessionClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { hugeBookmarkBatch, worstHealthOffThread } from './stall-helpers';
import { startApp } from '../../bench/lib.mjs';

describe('hostile bookmark files', () => {
  // The app in a process of its own (as `npm start` runs it, on this worker's database), its health checked from a
  // worker thread: in the test process, the client's own work on the 46 MB body counted as the server's (340-454 ms
  // against a 326-387 ms bound; the app's longest busy stretch meanwhile, in a CPU profile, was 155 ms).
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({});
  });
  afterAll(async () => {
    await app?.stop();
  });
  beforeEach(resetDatabase);

  it('reads a large batch body as it arrives, one bookmark at a time, without holding the server', async () => {
    const a = await sessionClient(await createUser({ username: 'alice' }), { base: app.url });
    // Warm: a fresh process's first request of a route loads its module, which is not what is measured.
    await a.call('POST', '/api/site-cards/batch', { body: { items: [] } });
    // 46 MB of JSON with many values: the server parsed it with one JSON.parse, which held the event loop for as long
    // as that takes here (0.4-0.9 s); read a bookmark at a time, it is held for much less.
    const rawBody = hugeBookmarkBatch();
    expect(rawBody.length).toBeGreaterThan(45_000_000);
    const parseStarted = performance.now();
    JSON.parse(rawBody);
    const parseMs = performance.now() - parseStarted;
    const { result, worstMs } = await worstHealthOffThread(
      () =>
        a.call('POST', '/api/site-cards/batch', { rawBody, headers: { 'content-type': 'application/json' } }),
      app.url,
    );
    expect(result).toMatchObject({ status: 413, json: { code: 'payload_too_large' } });
    console.log(
      `worst /api/health wait ${Math.round(worstMs)} ms; one JSON.parse of the body ${Math.round(parseMs)} ms`,
    );
    expect(
      worstMs,
      `health waited ${worstMs} ms; one JSON.parse of the body takes ${parseMs} ms`,
    ).toBeLessThan(parseMs * 0.6);
  });
});
