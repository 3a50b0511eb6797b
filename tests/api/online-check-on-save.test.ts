// The check that follows a save runs in the background; tests elsewhere keep it off (tests/setup/worker.ts).
process.env.ONLINE_CHECK_ON_SAVE = 'true';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import type { Client } from '../setup/client';
import { newUserClient } from '../factories';
import { siteHandler, startStandIn, type StandIn } from '../servers/http-server';

let site: StandIn;
let release: () => void = () => {};
let held = new Promise<void>((resolve) => (release = resolve));
beforeAll(async () => {
  const sites = siteHandler();
  site = await startStandIn(async (req, res) => {
    // /held answers only when the test releases it: the card was saved while its check was still waiting.
    if (req.url?.startsWith('/held')) await held;
    return sites(req, res);
  });
});
afterAll(() => {
  release();
  return site.close();
});

/** Polls the caller's cards until `id` matches `done` (the background check has been recorded). */
async function cardWhen(c: Client, id: string, done: (card: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 200; i++) {
    const card = (await c.get('/api/site-cards')).json.items.find((x: { id: string }) => x.id === id);
    if (card && done(card)) return card;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`card ${id} never reached the expected state`);
}

describe('online check after a save', () => {
  beforeEach(resetDatabase);

  it('checks a new card in the background without the create waiting for it', async () => {
    held = new Promise<void>((resolve) => (release = resolve));
    const a = await newUserClient();
    const created = await a.post('/api/site-cards', {
      name: 'Held',
      siteUrl: `${site.url}/held`,
      siteOnlineCheckFailThreshold: 1,
    });
    // The create answered while the site had not answered the probe yet.
    expect(created.status).toBe(200);
    expect(created.json.item.siteIsOnline).toBeNull();
    release();
    const card = await cardWhen(a, created.json.item.id, (c) => c.siteIsOnline !== null);
    expect(card.siteIsOnline).toBe(true);
    expect(site.requests.some((r) => r.path === '/held')).toBe(true);
  });

  it('checks again when the URL changes or checks are switched back on, not for skipped cards', async () => {
    const a = await newUserClient();
    const down = await a.create('/api/site-cards', {
      name: 'Moves',
      siteUrl: `${site.url}/fail`,
      siteOnlineCheckFailThreshold: 1,
    });
    await cardWhen(a, down.id, (c) => c.siteIsOnline === false);
    await a.put('/api/site-cards', { id: down.id, siteUrl: `${site.url}/moved` });
    await cardWhen(a, down.id, (c) => c.siteIsOnline === true);

    const skipped = await a.create('/api/site-cards', {
      name: 'Skip',
      siteUrl: `${site.url}/skipped`,
      siteSkipOnlineCheck: true,
    });
    // A later card's check is recorded; the skipped card (queued earlier, had it been queued) was never probed.
    const later = (await a.post('/api/site-cards', { name: 'Later', siteUrl: `${site.url}/later` })).json
      .item;
    await cardWhen(a, later.id, (c) => c.siteOnlineCheckLastRun !== null);
    expect(site.requests.some((r) => r.path === '/skipped')).toBe(false);

    await a.put('/api/site-cards', { id: skipped.id, siteSkipOnlineCheck: false });
    const checked = await cardWhen(a, skipped.id, (c) => c.siteOnlineCheckLastRun !== null);
    expect(checked.siteOnlineCheckFailCount).toBe(0);
    expect(site.requests.some((r) => r.path === '/skipped')).toBe(true);
  });

  it('still saves a card whose site cannot be reached', async () => {
    const a = await newUserClient();
    const res = await a.post('/api/site-cards', { name: 'Nowhere', siteUrl: 'http://127.0.0.1:1/' });
    expect(res.status).toBe(200);
    const card = await cardWhen(a, res.json.item.id, (c) => c.siteOnlineCheckLastRun !== null);
    expect(card.siteOnlineCheckFailCount).toBe(1);
  });
});
