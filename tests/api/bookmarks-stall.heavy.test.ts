// Opt-in (npm run test:heavy): a large bookmark batch body is read a bookmark at a time, so the server's event loop
// is never held for as long as one JSON.parse of it takes. A stall measure that a loaded shared machine disturbs
// (it failed there on load alone); the refusal of the same body and the JSON semantics are in bookmarks.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { newUserClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { hugeBookmarkBatch, longestStall } from './stall-helpers';

describe('hostile bookmark files', () => {
  beforeEach(resetDatabase);

  it('reads a large batch body as it arrives, one bookmark at a time, without holding the server', async () => {
    const a = await newUserClient({ username: 'alice' });
    // 46 MB of JSON with many values: the server parsed it with one JSON.parse, which held the event loop for as long
    // as that takes here (0.4-0.9 s); read a bookmark at a time, it is held for much less.
    const rawBody = hugeBookmarkBatch();
    expect(rawBody.length).toBeGreaterThan(45_000_000);
    const parseStarted = performance.now();
    JSON.parse(rawBody);
    const parseMs = performance.now() - parseStarted;
    const { result, stallMs } = await longestStall(() =>
      a.call('POST', '/api/site-cards/batch', { rawBody, headers: { 'content-type': 'application/json' } }),
    );
    expect(result).toMatchObject({ status: 413, json: { code: 'payload_too_large' } });
    expect(stallMs, `held ${stallMs} ms; one JSON.parse of the body takes ${parseMs} ms`).toBeLessThan(
      parseMs * 0.6,
    );
  });
});
