import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SiteCreateSchema } from '../cards/card.schema';
import { createSiteCard } from '../cards/site-card.service';
import { env } from '../env';
import { getSpace } from '../spaces/space.cache';
import { saveSettings } from '../settings/settings.service';
import { actorOf, createUser } from '../../tests/factories';
import { resetDatabase } from '../../tests/setup/db';
import { siteHandler, startStandIn, type StandIn } from '../../tests/servers/http-server';
import { newestRecord } from '../spaces/space-change.model';
import { getSiteCardView } from '../cards/card-view.service';
import {
  CHECK_HISTORY,
  checkCardOnline,
  checkMyCards,
  onCardWentOffline,
  recordResult,
} from './online-check.service';
import { runDueChecks, slotStart, startedSlots } from './scheduler';
import { clearProbeCache } from './url-cache';

let site: StandIn;
beforeAll(async () => {
  site = await startStandIn(siteHandler());
});
afterAll(() => site.close());
beforeEach(async () => {
  await resetDatabase();
  clearProbeCache();
  site.requests.length = 0;
});

async function setup() {
  const user = await createUser();
  const actor = actorOf(user);
  const card = (path: string, extra: Record<string, unknown> = {}) =>
    createSiteCard(actor, SiteCreateSchema.parse({ name: path, siteUrl: `${site.url}${path}`, ...extra }));
  const status = async (id: string) => (await getSpace(user._id)).cards.get(id)!;
  return { user, actor, card, status };
}

describe('online checks', () => {
  it('status mode: up is online; failures count up to the card threshold before it turns offline', async () => {
    const { actor, card, status } = await setup();
    const up = await card('/ok');
    expect(await checkCardOnline(actor, up.id)).toMatchObject({ id: up.id, online: true, cached: false });
    expect((await status(up.id)).siteIsOnline).toBe(true);
    expect((await status(up.id)).siteOnlineCheckLastRun).toBeInstanceOf(Date);

    const down = await card('/fail', { siteOnlineCheckFailThreshold: 2 });
    const first = await checkCardOnline(actor, down.id);
    expect(first).toMatchObject({ online: false, siteIsOnline: null, reason: 'HTTP 500' });
    clearProbeCache();
    const second = await checkCardOnline(actor, down.id);
    expect(second).toMatchObject({ online: false, siteIsOnline: false });
    expect((await status(down.id)).siteOnlineCheckFailCount).toBe(2);
    // Each check is kept in the card's short history, oldest first, with why it failed.
    expect((await status(down.id)).siteOnlineCheckHistory).toEqual([
      { at: expect.any(Number), online: false, reason: 'HTTP 500' },
      { at: expect.any(Number), online: false, reason: 'HTTP 500' },
    ]);
    expect((await status(up.id)).siteOnlineCheckHistory).toEqual([{ at: expect.any(Number), online: true }]);
  });

  it('keeps the last CHECK_HISTORY checks of a card, oldest first', async () => {
    const { actor, card, status } = await setup();
    const up = await card('/ok');
    for (let i = 0; i < CHECK_HISTORY + 2; i++) {
      clearProbeCache();
      await checkCardOnline(actor, up.id);
    }
    const history = (await status(up.id)).siteOnlineCheckHistory!;
    expect(history).toHaveLength(CHECK_HISTORY);
    expect(history.map((e) => e.at)).toEqual([...history.map((e) => e.at)].sort((a, b) => a - b));
    const view = await getSiteCardView(actor, up.id);
    expect(view!.card.siteOnlineCheckHistory.at(-1)).toEqual({
      at: new Date(history.at(-1)!.at).toISOString(),
      online: true,
      reason: null,
    });
  });

  it('keyword mode needs the keyword in the page', async () => {
    const { actor, card } = await setup();
    const has = await card('/ok', {
      siteOnlineCheckMatchMode: 'keyword',
      siteOnlineCheckKeyword: '<title>ok',
    });
    const lacks = await card('/ok?x', {
      siteOnlineCheckMatchMode: 'keyword',
      siteOnlineCheckKeyword: 'Welcome',
    });
    expect((await checkCardOnline(actor, has.id)).online).toBe(true);
    const res = await checkCardOnline(actor, lacks.id);
    expect(res.online).toBe(false);
    expect(res.reason).toContain('Welcome');
    expect(site.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('falls back to GET when HEAD is refused, and honours the card timeout', async () => {
    const { actor, card } = await setup();
    const noHead = await card('/no-head');
    expect((await checkCardOnline(actor, noHead.id)).online).toBe(true);
    expect(site.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);
    const slow = await card('/hang', { siteOnlineCheckTimeout: 1 });
    const res = await checkCardOnline(actor, slow.id);
    expect(res).toMatchObject({ online: false });
    expect(res.reason).toMatch(/within 1000 ms/);
  });

  it('shares one probe between cards with the same URL', async () => {
    const { actor, card } = await setup();
    await card('/ok');
    await card('/ok');
    await card('/ok', { siteSkipOnlineCheck: true });
    const res = await checkMyCards(actor);
    expect(res).toMatchObject({ checked: 2, online: 2 });
    expect(site.requests.length).toBe(1);
  });

  it('refuses private targets unless allowed: the card is offline with the reason', async () => {
    const { actor, card } = await setup();
    const c = await card('/ok');
    const e = env() as { OUTBOUND_ALLOW_PRIVATE: boolean };
    e.OUTBOUND_ALLOW_PRIVATE = false;
    try {
      const res = await checkCardOnline(actor, c.id);
      expect(res.online).toBe(false);
      expect(res.reason).toMatch(/loopback/);
      expect(site.requests.length).toBe(0);
    } finally {
      e.OUTBOUND_ALLOW_PRIVATE = true;
    }
  });

  it('tells listeners only about an online -> offline transition', async () => {
    const { user, actor, card } = await setup();
    const seen: string[] = [];
    onCardWentOffline(async (_owner, c) => {
      seen.push(c._id);
    });
    const c = await card('/ok', { siteOnlineCheckFailThreshold: 1 });
    await checkCardOnline(actor, c.id);
    // The site "moves" to a failing path: same card, new URL is a different card for the cache, so edit the doc.
    const { writeSpace } = await import('../spaces/space.write');
    await writeSpace(user._id, (space) => ({
      change: { upsertCards: [{ ...space.cards.get(c.id)!, siteUrl: `${site.url}/fail` }] },
      result: null,
    }));
    await checkCardOnline(actor, c.id);
    clearProbeCache();
    await checkCardOnline(actor, c.id);
    expect(seen).toEqual([c.id]);
  });
});

describe('scheduler', () => {
  it('slots: 5 min and 1 h on the clock, daily ones at the configured hour', () => {
    const t = Date.UTC(2026, 0, 2, 3, 7, 30);
    expect(new Date(slotStart('5min', t, 4)).toISOString()).toBe('2026-01-02T03:05:00.000Z');
    expect(new Date(slotStart('1h', t, 4)).toISOString()).toBe('2026-01-02T03:00:00.000Z');
    expect(new Date(slotStart('1d', t, 4)).toISOString()).toBe('2026-01-01T04:00:00.000Z');
  });

  it('asks only for the frequencies whose slot began since the last look; all of them after a start', async () => {
    const t = Date.UTC(2026, 0, 2, 3, 7, 30);
    expect(startedSlots(-Infinity, t, 4)).toEqual(['5min', '1h', '1d']);
    expect(startedSlots(t - 60_000, t, 4)).toEqual([]);
    expect(startedSlots(Date.UTC(2026, 0, 2, 3, 4, 59), t, 4)).toEqual(['5min']);
    expect(startedSlots(Date.UTC(2026, 0, 2, 2, 59), t, 4)).toEqual(['5min', '1h']);
    expect(startedSlots(Date.UTC(2026, 0, 2, 3, 59), Date.UTC(2026, 0, 2, 4, 0), 4)).toEqual([
      '5min',
      '1h',
      '1d',
    ]);
    const { card } = await setup();
    await card('/ok?daily');
    await card('/ok?hourly', { siteOnlineCheckFrequency: '1h' });
    expect(await runDueChecks(Date.now(), ['5min'])).toEqual({ due: 0, ran: 0 });
    expect(await runDueChecks(Date.now(), ['1h'])).toEqual({ due: 1, ran: 1 });
    // A card at the default frequency is found by it too (the frequency is stored even at its default).
    expect(await runDueChecks(Date.now(), ['1d'])).toEqual({ due: 1, ran: 1 });
  });

  it('runs each due check once across two instances, and not again in the same slot', async () => {
    const { card } = await setup();
    for (let i = 0; i < 6; i++) await card(`/ok?n=${i}`, { siteOnlineCheckFrequency: '5min' });
    await card('/ok?skip', { siteSkipOnlineCheck: true });
    // Two instances = two schedulers racing for the same leases.
    const [a, b] = await Promise.all([runDueChecks(), runDueChecks()]);
    expect(a.due).toBe(6);
    expect(a.ran + b.ran).toBe(6);
    expect(site.requests.filter((r) => r.path.startsWith('/ok?n=')).length).toBe(6);
    clearProbeCache();
    expect((await runDueChecks()).ran).toBe(0);
  });

  it('does nothing when the admin turned checks off', async () => {
    const { card } = await setup();
    await card('/ok');
    await saveSettings({ onlineCheckEnabled: false });
    expect(await runDueChecks()).toEqual({ due: 0, ran: 0 });
  });

  it('writes many results of one owner in a few units of work, each card right, transitions told once', async () => {
    const { user, actor, card, status } = await setup();
    const cards = [];
    for (let i = 0; i < 40; i++) cards.push(await card(`/ok?n=${i}`, { siteOnlineCheckFailThreshold: 1 }));
    await checkMyCards(actor);
    const before = (await newestRecord(user._id))?.rev ?? 0;
    const seen: string[] = [];
    onCardWentOffline(async (_owner, c) => {
      if (c.ownerId === user._id) seen.push(c._id);
    });
    const at = new Date();
    // Every card's result arrives at once (as a batch of probes finishing together would).
    const written = await Promise.all(
      cards.map((c, i) =>
        recordResult(user._id, c.id, c.siteUrl, {
          online: i % 2 === 0,
          reason: i % 2 ? 'HTTP 500' : undefined,
        }),
      ),
    );
    expect(written.map((c) => c?.siteIsOnline)).toEqual(cards.map((_, i) => i % 2 === 0));
    for (const [i, c] of cards.entries()) {
      const now = await status(c.id);
      expect(now.siteIsOnline).toBe(i % 2 === 0);
      expect(now.siteOnlineCheckLastRun!.getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    }
    // The first result is written alone at once; the other 39 arrived meanwhile and were committed as one group.
    expect(((await newestRecord(user._id))?.rev ?? 0) - before).toBeLessThanOrEqual(2);
    expect(seen.sort()).toEqual(
      cards
        .filter((_, i) => i % 2)
        .map((c) => c.id)
        .sort(),
    );
  });
});
