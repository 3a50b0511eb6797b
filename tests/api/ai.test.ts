import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractJson } from '#server/ai/ai-json';
import { SettingsModel } from '#server/settings/settings.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin, createUser, newUserClient, tokenClient } from '../factories';
import { startAiStandIn } from '../servers/openai-stand-in';
import { configureAi, expectProviderDown } from './ai-helpers';

let ai: Awaited<ReturnType<typeof startAiStandIn>>;
beforeAll(async () => {
  ai = await startAiStandIn();
});
afterAll(() => ai.close());

describe('AI', () => {
  beforeEach(async () => {
    await resetDatabase();
    ai.replies.length = 0;
    ai.requests.length = 0;
  });

  it('extracts JSON from plain, fenced and chatty answers', () => {
    expect(extractJson('{"a":1}')).toEqual({ a: 1 });
    expect(extractJson('Sure!\n```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(extractJson('Here: {"a":"}{", "b":{"c":3}} done')).toEqual({ a: '}{', b: { c: 3 } });
    expect(extractJson('no json')).toBeNull();
  });

  it('answers 400 ai_not_configured until the admin sets a provider; the key leaves masked', async () => {
    const a = await newUserClient();
    const res = await a.post('/api/ai/recommend', { query: 'x' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('ai_not_configured');
    const { client } = await admin();
    const saved = await client.put('/api/settings', {
      aiApiKey: 'sk-test-123456789',
      aiBaseUrl: `${ai.url}/v1`,
      aiModel: 'm1',
    });
    expect(saved.json).toMatchObject({ aiApiKey: '****6789', aiApiKeyMasked: true, aiModel: 'm1' });
    // Sending the masked value back keeps the stored key.
    await client.put('/api/settings', { aiApiKey: '****6789', aiModel: 'm2' });
    await client.post('/api/ai/check');
    expect(ai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test-123456789');
    expect(JSON.parse(ai.requests.at(-1)!.body).model).toBe('m2');
    expect((await a.put('/api/settings', { aiModel: 'x' })).status).toBe(403);
  });

  it('recommends from all of the caller cards, in the model order, dropping unknown ids (query or keyword)', async () => {
    await configureAi(ai);
    const a = await newUserClient();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(
        (await a.create('/api/site-cards', { name: `Site ${i}`, siteUrl: `https://s${i}.example` })).id,
      );
    }
    ai.replies.push(
      '```json\n' +
        JSON.stringify({
          reasoning: 'because',
          recommendations: [
            { siteId: ids[29], reason: 'last card' },
            { siteId: 'nope', reason: 'unknown' },
            { siteId: ids[0], reason: 'first' },
          ],
        }) +
        '\n```',
    );
    const res = await a.post('/api/ai/recommend', { keyword: 'find' });
    expect(res.status).toBe(200);
    expect(res.json.reasoning).toBe('because');
    expect(res.json.items.map((i: { site: { id: string } }) => i.site.id)).toEqual([ids[29], ids[0]]);
    // The prompt listed every card, not only the first page.
    expect(ai.requests.at(-1)!.body).toContain('Site 29');

    ai.replies.push(
      JSON.stringify({
        reasoning: 'plan',
        steps: [{ step: 1, siteId: ids[3], action: 'open', reason: 'r' }],
      }),
    );
    const wf = await a.post('/api/ai/workflow', { query: 'do it' });
    expect(wf.json).toMatchObject({ reasoning: 'plan', steps: [{ site: { id: ids[3] }, action: 'open' }] });
    expect((await a.post('/api/ai/workflow', {})).status).toBe(400);

    // The page: a plain GET form, results rendered on the server (works without JavaScript).
    ai.replies.push(
      JSON.stringify({ reasoning: 'page', recommendations: [{ siteId: ids[5], reason: 'fits' }] }),
    );
    const page = await a.get('/ai?q=find&mode=recommend');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Site 5');
    expect(page.text).toContain('fits');
  });

  it('answers 502 when the provider fails twice or returns no usable JSON, and retries once', async () => {
    await configureAi(ai);
    const a = await newUserClient();
    await expectProviderDown(ai, () => a.post('/api/ai/recommend', { query: 'x' }));
    ai.replies.push({ status: 503 }, '{"ok": true}');
    expect((await a.post('/api/ai/check')).json).toEqual({ ok: true });
    expect(ai.requests).toHaveLength(4);
    ai.replies.push('I cannot help with that.');
    const junk = await a.post('/api/ai/recommend', { query: 'x' });
    expect(junk.status).toBe(502);
  });

  it('honours _draftAiConfig for an admin session only; the stored key goes only to the stored URL', async () => {
    const { client } = await configureAi(ai);
    const other = await startAiStandIn();
    try {
      // The stored key (masked or left out) with another base URL: refused before anything is sent.
      for (const moved of [
        { aiApiKey: '****6789', aiBaseUrl: `${other.url}/v1`, aiModel: 'draft-model' },
        { aiBaseUrl: `${other.url}/v1` },
      ]) {
        const refused = await client.post('/api/ai/check', { _draftAiConfig: moved });
        expect(refused.status).toBe(400);
        expect(refused.json).toMatchObject({
          code: 'secret_required',
          error: expect.stringContaining('aiApiKey'),
        });
      }
      expect(other.requests).toHaveLength(0);
      // With the key typed again the draft is used as it is.
      const draft = { aiApiKey: 'sk-draft-987654321', aiBaseUrl: `${other.url}/v1`, aiModel: 'draft-model' };
      expect((await client.post('/api/ai/check', { _draftAiConfig: draft })).json).toEqual({ ok: true });
      expect(other.requests).toHaveLength(1);
      expect(other.requests[0]!.headers.authorization).toBe('Bearer sk-draft-987654321');
      // The stored key at the stored URL, with a draft model.
      const kept = { aiApiKey: '****6789', aiBaseUrl: `${ai.url}/v1`, aiModel: 'draft-model' };
      expect((await client.post('/api/ai/check', { _draftAiConfig: kept })).json).toEqual({ ok: true });
      expect(ai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test-123456789');
      expect(JSON.parse(ai.requests.at(-1)!.body).model).toBe('draft-model');
      const bearer = await tokenClient(await createUser({ role: 'admin', username: 'admin2' }));
      await bearer.post('/api/ai/check', { _draftAiConfig: draft });
      expect(other.requests).toHaveLength(1);
      const visitor = new Client();
      ai.replies.push('{"reasoning":"", "recommendations":[]}');
      await visitor.post('/api/ai/recommend', { query: 'x', _draftAiConfig: draft });
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('saves a new base URL only with the key typed again (or cleared)', async () => {
    const { client } = await configureAi(ai);
    for (const body of [
      { aiBaseUrl: 'https://evil.example/v1' },
      { aiBaseUrl: 'https://evil.example/v1', aiApiKey: '****6789' },
      { aiBaseUrl: '', aiApiKey: '****6789' },
    ]) {
      const res = await client.put('/api/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ code: 'secret_required', error: expect.stringContaining('aiApiKey') });
    }
    expect(await SettingsModel.findById('global').lean()).toMatchObject({
      aiApiKey: 'sk-test-123456789',
      aiBaseUrl: `${ai.url}/v1`,
    });
    // The same URL (a trailing slash aside) keeps the masked key.
    const same = await client.put('/api/settings', { aiBaseUrl: `${ai.url}/v1/`, aiApiKey: '****6789' });
    expect(same.status).toBe(200);
    const typed = await client.put('/api/settings', {
      aiBaseUrl: 'https://other.example/v1',
      aiApiKey: 'sk-other-11112222',
    });
    expect(typed.json).toMatchObject({ aiBaseUrl: 'https://other.example/v1', aiApiKey: '****2222' });
    const cleared = await client.put('/api/settings', {
      aiBaseUrl: 'https://third.example/v1',
      aiApiKey: '',
    });
    expect(cleared.json).toMatchObject({ aiBaseUrl: 'https://third.example/v1', aiApiKeyMasked: false });
  });
});
