import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { createUser, newUserClient, tokenClient } from '../factories';
import { startAiStandIn } from '../servers/openai-stand-in';
import { configureAi, expectProviderDown } from './ai-helpers';
import { Client } from '../setup/client';

let ai: Awaited<ReturnType<typeof startAiStandIn>>;
beforeAll(async () => {
  ai = await startAiStandIn();
});
afterAll(() => ai.close());

/** A tag of the user's and three site cards. */
async function userWithData(client: Client) {
  const tag = (await client.post('/api/tags', { name: 'Dev' })).json;
  const tagId: string = (tag.item ?? tag).id;
  const ids: string[] = [];
  for (const n of ['Docs', 'Forum', 'Mail']) {
    ids.push(
      (await client.create('/api/site-cards', { name: n, siteUrl: `https://${n.toLowerCase()}.example` })).id,
    );
  }
  return { tagId, ids };
}

/** With the AI configured: a new user's client, and a tag and three site cards of theirs. */
async function aiUserWithData() {
  await configureAi(ai);
  const a = await newUserClient();
  return { a, ...(await userWithData(a)) };
}

const lastPrompt = () => JSON.parse(ai.requests.at(-1)!.body).messages[1].content as string;

describe('AI analyze-site-card and import-bookmarks', () => {
  beforeEach(async () => {
    await resetDatabase();
    ai.replies.length = 0;
    ai.requests.length = 0;
  });

  it('answers 400 ai_not_configured before a provider is set, and 401 to visitors', async () => {
    const a = await newUserClient();
    const res = await a.post('/api/ai/analyze-site-card', { url: 'https://x.example', scope: 'basic' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('ai_not_configured');
    const imp = await a.post('/api/ai/import-bookmarks', { content: 'https://x.example' });
    expect(imp.json.code).toBe('ai_not_configured');
    const visitor = new Client();
    expect((await visitor.post('/api/ai/analyze-site-card', { url: 'https://x.example' })).status).toBe(401);
    expect((await visitor.post('/api/ai/import-bookmarks', { content: 'x' })).status).toBe(401);
    expect(ai.requests).toHaveLength(0);
  });

  it('analyzes a site (basic): fenced JSON, only the caller tags, new tag names without existing ones', async () => {
    const { a, tagId } = await aiUserWithData();
    ai.replies.push(
      'Here you go:\n```json\n' +
        JSON.stringify({
          title: 'Example Docs',
          description: 'Reference documentation',
          matchedTags: [
            { id: tagId, score: 0.9 },
            { id: 'not-mine', score: 0.8 },
          ],
          recommendedTags: [
            { name: 'dev', score: 0.5 },
            { name: 'Reference', score: 0.6 },
          ],
        }) +
        '\n```',
    );
    const res = await a.post('/api/ai/analyze-site-card', { url: 'docs.example', scope: 'basic' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      title: 'Example Docs',
      description: 'Reference documentation',
      matchedTags: [{ id: tagId, name: 'Dev', score: 0.9 }],
      recommendedTags: [{ name: 'Reference', score: 0.6 }],
    });
    expect(lastPrompt()).toContain('https://docs.example');
    expect(lastPrompt()).toContain(tagId);
    // scope defaults to basic; a missing URL without a card is a 400
    expect((await a.post('/api/ai/analyze-site-card', {})).status).toBe(400);
    expect((await a.post('/api/ai/analyze-site-card', { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await a.post('/api/ai/analyze-site-card', { url: 'https://x', scope: 'deep' })).status).toBe(400);
  });

  it('analyzes a site (full) by cardId or siteId: related cards above 0.7 among the caller sites only', async () => {
    const { a, ids } = await aiUserWithData();
    const other = await newUserClient({ username: 'bob' });
    const theirs = (
      await other.create('/api/site-cards', { name: 'Secret', siteUrl: 'https://secret.example' })
    ).id;
    const answer = {
      title: 'Docs',
      description: 'd',
      matchedTags: [],
      recommendedTags: [],
      siteRecommendContext: 'When you need the reference.',
      recommendations: [
        { cardId: ids[1], reason: 'same project', score: 0.9 },
        { cardId: ids[2], reason: 'weak', score: 0.5 },
        { cardId: ids[0], reason: 'itself', score: 0.95 },
        { cardId: theirs, reason: 'not yours', score: 0.99 },
      ],
    };
    ai.replies.push(JSON.stringify(answer));
    const res = await a.post('/api/ai/analyze-site-card', { cardId: ids[0], scope: 'full' });
    expect(res.status).toBe(200);
    expect(res.json.siteRecommendContext).toBe('When you need the reference.');
    expect(res.json.recommendations).toEqual([
      { cardId: ids[1], siteId: ids[1], name: 'Forum', reason: 'same project', score: 0.9 },
    ]);
    // The card's own URL was analysed, its name given; the candidates were the other cards only.
    expect(lastPrompt()).toContain('https://docs.example');
    expect(lastPrompt()).toContain('Current name: Docs');
    expect(lastPrompt()).toContain('Forum');
    expect(lastPrompt()).not.toContain('Secret');

    ai.replies.push(JSON.stringify(answer));
    const bySiteId = await a.post('/api/ai/analyze-site-card', {
      url: 'https://docs.example/v2',
      siteId: ids[0],
      scope: 'full',
    });
    expect(bySiteId.json.recommendations).toHaveLength(1);
    expect(lastPrompt()).toContain('https://docs.example/v2');
    // Another user's card is not found; a bearer token works like the session.
    expect((await a.post('/api/ai/analyze-site-card', { cardId: theirs, scope: 'basic' })).status).toBe(404);
    const token = await tokenClient(await createUser({ username: 'carol' }));
    ai.replies.push('{"title":"T","description":"D"}');
    const viaToken = await token.post('/api/ai/analyze-site-card', { url: 'https://t.example' });
    expect(viaToken.json).toEqual({ title: 'T', description: 'D', matchedTags: [], recommendedTags: [] });
  });

  it('answers 502 when the provider fails twice or answers malformed JSON', async () => {
    await configureAi(ai);
    const a = await newUserClient();
    await expectProviderDown(ai, () => a.post('/api/ai/analyze-site-card', { url: 'https://x.example' }));
    ai.replies.push('{"title": "unterminated');
    expect((await a.post('/api/ai/analyze-site-card', { url: 'https://x.example' })).status).toBe(502);
    ai.replies.push('{"items": "not a list"}');
    const imp = await a.post('/api/ai/import-bookmarks', { content: 'x' });
    expect(imp.status).toBe(502);
    expect(imp.json.error).not.toMatch(/at |stack|node_modules/);
  });

  it('imports bookmarks with AI: http(s) only, each URL once, the caller tag ids only, the file start only', async () => {
    const { a, tagId } = await aiUserWithData();
    ai.replies.push(
      '```\n' +
        JSON.stringify({
          items: [
            {
              name: 'Example',
              url: 'https://example.com/',
              description: 'An example',
              matchedTagIds: [tagId, 'foreign'],
              recommendedTags: ['Dev', 'Samples'],
            },
            { name: 'Again', url: 'https://example.com/', description: '' },
            { name: 'Script', url: 'javascript:alert(1)' },
            { name: 'FTP', url: 'ftp://files.example' },
            { name: '', url: 'http://plain.example/page' },
          ],
        }) +
        '\n```',
    );
    const content = `<A HREF="https://example.com/">Example</A>\n${'x'.repeat(40_000)}TAIL-MARKER`;
    const res = await a.post('/api/ai/import-bookmarks', { content, filename: 'bookmarks.html' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      items: [
        {
          name: 'Example',
          url: 'https://example.com/',
          description: 'An example',
          matchedTagIds: [tagId],
          recommendedTags: ['Samples'],
        },
        {
          name: 'plain.example',
          url: 'http://plain.example/page',
          description: '',
          matchedTagIds: [],
          recommendedTags: [],
        },
      ],
    });
    expect(lastPrompt()).toContain('bookmarks.html');
    expect(lastPrompt()).not.toContain('TAIL-MARKER');
    expect((await a.post('/api/ai/import-bookmarks', { content: '  ' })).status).toBe(400);
    expect((await a.post('/api/ai/import-bookmarks', {})).status).toBe(400);
  });

  it('fills the site editor with the suggestions on a plain form post (no JavaScript), saving nothing', async () => {
    const a = await newUserClient();
    const { tagId, ids } = await userWithData(a);
    expect((await a.get('/edit/sites/new')).text).not.toContain('name="aiAnalyze"');
    await configureAi(ai);
    const page = await a.get('/edit/sites/new');
    expect(page.text).toContain('name="aiAnalyze"');
    ai.replies.push(
      JSON.stringify({
        title: 'Suggested Name',
        description: 'Suggested line',
        matchedTags: [{ id: tagId, score: 0.9 }],
        recommendedTags: [{ name: 'Brand new', score: 0.8 }],
        siteRecommendContext: 'Use it for the reference docs.',
        recommendations: [{ cardId: ids[1], reason: 'sibling', score: 0.9 }],
      }),
    );
    const form = new URLSearchParams({
      csrf: a.csrf()!,
      returnTo: '/',
      name: '',
      siteUrl: 'https://new.example',
      siteDescription: '',
      aiAnalyze: 'full',
    });
    const res = await a.post('/edit/sites/new', undefined, { rawBody: form });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/value="Suggested Name"/);
    expect(res.text).toMatch(/value="Suggested line"/);
    expect(res.text).toContain('Use it for the reference docs.');
    expect(res.text).toMatch(new RegExp(`value="${tagId}"[^>]*checked|checked[^>]*value="${tagId}"`));
    expect(res.text).toContain('Brand new');
    expect(res.text).toContain('sibling');
    expect((await a.get('/api/navigation/cards')).json.total).toBe(3);

    // A typed name is kept; a provider failure is said on the form, with the typed values kept.
    ai.replies.push({ status: 500 }, { status: 500 });
    form.set('name', 'Mine');
    form.set('aiAnalyze', 'basic');
    const failed = await a.post('/edit/sites/new', undefined, { rawBody: form });
    expect(failed.status).toBe(502);
    expect(failed.text).toContain('The AI provider failed');
    expect(failed.text).toMatch(/value="Mine"/);
  });

  it('offers AI reading on /bookmarks beside the parser: the preview lists its sites, tags as folders', async () => {
    const { a, tagId } = await aiUserWithData();
    const page = await a.get('/bookmarks');
    expect(page.text).toContain('name="ai"');
    ai.replies.push(
      JSON.stringify({
        items: [
          { name: 'Docs again', url: 'https://docs.example', matchedTagIds: [tagId], recommendedTags: [] },
          { name: 'Fresh', url: 'https://fresh.example', matchedTagIds: [], recommendedTags: ['Tools'] },
        ],
      }),
    );
    const form = new FormData();
    form.append('csrf', a.csrf()!);
    form.append('ai', 'on');
    form.append(
      'file',
      new Blob(['name,url\nFresh,https://fresh.example\n'], { type: 'text/csv' }),
      'list.csv',
    );
    const res = await a.post('/bookmarks', undefined, { rawBody: form });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Fresh');
    expect(res.text).toContain('Tools');
    expect(res.text).toContain('already a card');
    expect(lastPrompt()).toContain('list.csv');
    expect(lastPrompt()).toContain('Fresh,https://fresh.example');
  });

  it('answers recommend with the spec shape (recommendations) beside items and reasoning', async () => {
    const { a, ids } = await aiUserWithData();
    ai.replies.push(
      JSON.stringify({ reasoning: 'r', recommendations: [{ siteId: ids[2], reason: 'mail' }] }),
    );
    const res = await a.post('/api/ai/recommend', { keyword: 'mail' });
    expect(res.json.items.map((i: { site: { id: string } }) => i.site.id)).toEqual([ids[2]]);
    expect(res.json.recommendations).toEqual([
      { siteId: ids[2], name: 'Mail', url: 'https://mail.example', reason: 'mail' },
    ]);
  });
});
