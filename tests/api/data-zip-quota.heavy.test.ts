// Opt-in (npm run test:heavy): a data archive of 300,000 card rows is refused at the first row past the quota,
// without holding the server or growing its memory (issue 24 M3, ~15-30 s of building and streaming the archive,
// with stall and memory measures that a loaded machine disturbs). The quota checks on small archives are in
// data-zip-rules.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { rssGrowth } from './memory-helpers';
import { HEALTH_WAIT_MAX_MS, worstHealthWhile } from './stall-helpers';
import { everything, importZip, owner, populate, userArchive } from './zip-helpers';

const archive = (data: Record<string, unknown>) =>
  userArchive({ tags: [], cards: [], card_tags: [], card_relations: [], ...data });

describe('archive counts are checked while it is read (issue 24 M3)', () => {
  beforeEach(resetDatabase);

  it('300,000 card rows are refused at the first row past the quota, without holding the server', async () => {
    const { user, c } = await owner();
    await populate(c);
    const before = await everything(user._id);
    // Built in a function: the rows are garbage before the measurement (its forced collections would walk them).
    const zip = ((n: number) =>
      archive({
        cards: Array.from({ length: n }, (_, i) => ({
          id: `c${i}`,
          name: `Site ${i}`,
          site_url: `https://s${i}.example/`,
          global_sort_order: i,
        })),
      }))(300_000);
    // Warm the route (a module's first load is not what is measured).
    await importZip(c, '/api/user/data/detect', archive({ cards: [] }));
    const send = () => importZip(c, '/api/user/data/import', zip, { mode: 'clean' });
    // The wait of other requests, then (in a second run) the memory: the collections that measurement forces are
    // full pauses of their own.
    const { result: res, worstMs } = await worstHealthWhile(send);
    expect(res.status, res.text).toBe(403);
    expect(worstMs, 'worst /api/health wait (ms)').toBeLessThan(HEALTH_WAIT_MAX_MS);
    expect(res.json).toMatchObject({ code: 'quota_exceeded', details: { quota: 'cards', limit: 50_000 } });
    expect(res.json.error).toContain('data.json');
    let again: Awaited<ReturnType<typeof send>> | undefined;
    const growth = await rssGrowth(async () => {
      again = await send();
    });
    expect(again!.status).toBe(403);
    expect(growth / 1024 / 1024, 'memory growth (MB)').toBeLessThan(100);
    expect(await everything(user._id)).toEqual(before);
  }, 120_000);
});
