import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { newUserClient } from '../factories';
import { siteHandler, startStandIn, type StandIn } from '../servers/http-server';

let hook: StandIn;
let site: StandIn;
let siteUp = true;
beforeAll(async () => {
  hook = await startStandIn((req, res) => {
    res.writeHead(req.url?.startsWith('/broken') ? 502 : 200).end('ok');
  });
  const pages = siteHandler();
  site = await startStandIn(async (req, res) => {
    if (siteUp) await pages(req, res);
    else res.writeHead(503).end();
  });
});
afterAll(async () => {
  await hook.close();
  await site.close();
});

const channel = (over: Record<string, unknown> = {}) => ({
  name: 'Hook',
  type: 'webhook',
  url: `${hook.url}/in`,
  method: 'POST',
  contentType: 'application/json',
  titleParam: 'title',
  contentParam: 'text',
  ...over,
});

describe('notification channels', () => {
  beforeEach(async () => {
    await resetDatabase();
    hook.requests.length = 0;
    siteUp = true;
  });

  it('creates, lists, updates, toggles and deletes channels of the caller only', async () => {
    const a = await newUserClient();
    const b = await newUserClient();
    const created = await a.post('/api/notifications', channel());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Hook', enabled: true, contentType: 'application/json' });
    expect(created.json.owner_id).toBeTruthy();
    const id = created.json.id;
    expect((await a.get('/api/notifications')).json).toHaveLength(1);
    expect((await b.get('/api/notifications')).json).toHaveLength(0);
    expect((await b.put(`/api/notifications/${id}`, channel())).status).toBe(404);
    expect((await a.put(`/api/notifications/${id}`, channel({ name: 'Renamed' }))).json.name).toBe('Renamed');
    expect((await a.patch(`/api/notifications/${id}`)).json.enabled).toBe(false);
    expect((await b.delete(`/api/notifications/${id}`)).status).toBe(404);
    expect((await a.delete(`/api/notifications/${id}`)).json).toEqual({ ok: true });
    expect((await a.post('/api/notifications', channel({ url: 'ftp://x' }))).status).toBe(400);
    expect((await new Client().get('/api/notifications')).status).toBe(401);
  });

  it('sends test messages as JSON, form-encoded or GET, and reports failures as 400', async () => {
    const a = await newUserClient();
    const id = (await a.post('/api/notifications', channel())).json.id;
    expect((await a.post(`/api/notifications/${id}/test`)).json).toEqual({ ok: true, status: 200 });
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({ title: expect.stringContaining('测试通知') });
    await a.post(
      '/api/notifications/test-preview',
      channel({ contentType: 'application/x-www-form-urlencoded' }),
    );
    expect(hook.requests[1]!.body).toMatch(/^title=.*&text=/);
    await a.post('/api/notifications/test-preview', channel({ method: 'GET' }));
    expect(hook.requests[2]).toMatchObject({ method: 'GET', body: '' });
    expect(hook.requests[2]!.path).toMatch(/title=/);
    const broken = await a.post('/api/notifications/test-preview', channel({ url: `${hook.url}/broken` }));
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatch(/HTTP 502/);
  });

  it('notifies on an online -> offline transition only', async () => {
    const a = await newUserClient();
    await a.post('/api/notifications', channel());
    const off = (await a.post('/api/notifications', channel({ name: 'Off' }))).json.id;
    await a.patch(`/api/notifications/${off}`);
    const card = await a.create('/api/site-cards', {
      name: 'Flaky',
      siteUrl: `${site.url}/ok`,
      siteOnlineCheckFailThreshold: 1,
    });
    const check = () => a.post('/api/site-cards/check-online-single', { cardId: card.id });
    await check(); // online: nothing sent
    expect(hook.requests).toHaveLength(0);
    siteUp = false;
    // The per-URL cache holds the online result for a minute: the card's URL changes to skip it.
    await a.put('/api/site-cards', { ...card, siteUrl: `${site.url}/ok?v=2` });
    expect((await check()).json).toMatchObject({ online: false, siteIsOnline: false });
    expect(hook.requests).toHaveLength(1);
    expect(JSON.parse(hook.requests[0]!.body).text).toContain('Flaky');
    await a.put('/api/site-cards', { ...card, siteUrl: `${site.url}/ok?v=3` });
    await check(); // still offline: no second message
    expect(hook.requests).toHaveLength(1);
  });
});
