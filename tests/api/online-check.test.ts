import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin, newUserClient } from '../factories';
import { siteHandler, startStandIn, type StandIn } from '../servers/http-server';

let site: StandIn;
beforeAll(async () => {
  site = await startStandIn(siteHandler());
});
afterAll(() => site.close());

describe('online check API', () => {
  beforeEach(resetDatabase);

  it('checks one card by cardId or siteId, and all the caller cards', async () => {
    await admin(); // the instance is set up, so pages render instead of redirecting to /setup
    const a = await newUserClient();
    const up = await a.create('/api/site-cards', {
      name: 'Up',
      siteUrl: `${site.url}/ok`,
      siteSkipOnlineCheck: false,
    });
    const down = await a.create('/api/site-cards', {
      name: 'Down',
      siteUrl: `${site.url}/fail`,
      siteOnlineCheckFailThreshold: 1,
    });
    const one = await a.post('/api/site-cards/check-online-single', { cardId: up.id });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: up.id, online: true });
    const older = await a.post('/api/site-cards/check-online-single', { siteId: down.id });
    expect(older.json).toMatchObject({ id: down.id, online: false, siteIsOnline: false });
    const all = await a.post('/api/site-cards/check-online');
    expect(all.json).toMatchObject({ checked: 2, online: 1, offline: 1 });

    const cards = (await a.get('/api/site-cards')).json.items;
    const byName = Object.fromEntries(cards.map((c: { name: string }) => [c.name, c]));
    expect(byName.Up.siteIsOnline).toBe(true);
    expect(byName.Down.siteIsOnline).toBe(false);
    expect(byName.Down.siteOnlineCheckLastRun).toMatch(/^\d{4}-/);

    // The dashboard: status with the last check on each tile, and the dead-links view lists only offline sites.
    const home = (await a.get('/')).text;
    expect(home).toMatch(/title="Online · checked \d{4}-\d\d-\d\d \d\d:\d\d UTC"/);
    expect(home).toContain('href="/?status=offline"');
    const dead = (await a.get('/?status=offline')).text;
    expect(dead).toContain(`data-card-id="${down.id}"`);
    expect(dead).not.toContain(`data-card-id="${up.id}"`);

    // Each card keeps its recent checks; its page (the card menu without JavaScript) lists them for the owner.
    expect(byName.Down.siteOnlineCheckHistory).toEqual([
      { at: expect.stringMatching(/^\d{4}-/), online: false, reason: 'HTTP 500' },
      { at: expect.stringMatching(/^\d{4}-/), online: false, reason: 'HTTP 500' },
    ]);
    const page = (await a.get(`/card/${down.id}`)).text;
    expect(page).toContain('Recent checks');
    expect(page).toMatch(/<li class="is-down">.*?HTTP 500/);
  });

  it("shows visitors the sites' status only while the administrator lets them", async () => {
    const { client: owner } = await admin();
    const down = await owner.create('/api/site-cards', {
      name: 'Down for visitors',
      siteUrl: `${site.url}/fail`,
      siteOnlineCheckFailThreshold: 1,
    });
    await owner.post('/api/site-cards/check-online-single', { cardId: down.id });
    const visitor = new Client();
    const seen = async () =>
      (await visitor.get('/api/navigation/cards?limit=100')).json.items.find(
        (c: { id: string }) => c.id === down.id,
      );
    const dots = (html: string) => html.match(/class="status-dot[^"]*"/g) ?? [];
    // The default: visitors see it, on the list and on the page.
    expect((await owner.get('/api/settings')).json.onlineStatusPublic).toBe(true);
    expect(await seen()).toMatchObject({ siteIsOnline: false, siteSkipOnlineCheck: false });
    expect(dots((await visitor.get('/')).text)).toContain('class="status-dot is-offline"');

    expect((await owner.put('/api/settings', { onlineStatusPublic: false })).status).toBe(200);
    expect(await seen()).toMatchObject({ siteIsOnline: null, siteSkipOnlineCheck: true });
    expect(dots((await visitor.get('/')).text)).toEqual([]);
    expect((await visitor.get(`/card/${down.id}`)).text).not.toContain('status-dot');
    // The owner still sees the status.
    const mine = (await owner.get('/api/navigation/cards?limit=100')).json.items.find(
      (c: { id: string }) => c.id === down.id,
    );
    expect(mine).toMatchObject({ siteIsOnline: false, siteSkipOnlineCheck: false });
    expect(dots((await owner.get('/')).text)).toContain('class="status-dot is-offline"');
    // The administrator's settings page shows the box unticked.
    expect((await owner.get('/settings/site')).text).toMatch(/name="onlineStatusPublic"(?![^>]*checked)/);

    expect((await owner.put('/api/settings', { onlineStatusPublic: true })).status).toBe(200);
    expect(await seen()).toMatchObject({ siteIsOnline: false });
  });

  it('refuses a missing id, a card of another user, and anonymous callers', async () => {
    const a = await newUserClient();
    const b = await newUserClient();
    const card = await a.create('/api/site-cards', { name: 'A', siteUrl: `${site.url}/ok` });
    expect((await a.post('/api/site-cards/check-online-single', {})).status).toBe(400);
    expect((await b.post('/api/site-cards/check-online-single', { cardId: card.id })).status).toBe(404);
    expect((await new Client().post('/api/site-cards/check-online-single', { cardId: card.id })).status).toBe(
      401,
    );
    expect((await new Client().post('/api/site-cards/check-online')).status).toBe(401);
  });
});
