// Names the system gives are written in the creator's language (issue 26 item 8): a social card saved without a
// label and an MCP snapshot taken without one. Pages write in the interface language; the JSON API and MCP in the
// caller's saved choice, else an English or Chinese Accept-Language, else Chinese, as the older service did (its
// clients send neither and keep reading what they read before). Every page shows either language's default in the
// reader's.
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, createUser, newUserClient, sessionClient } from '../factories';
import type { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { call, mcpClient, newToken } from './mcp-helpers';

const TELEGRAM = { cardType: 'telegram', payload: { url: 'https://t.me/example' } };

/** The social card form of the page, as a browser without JavaScript posts it (no label). */
async function createOnPage(c: Client, extra: Record<string, string> = {}) {
  const page = '/edit/social/new?type=telegram';
  await c.get(page);
  return c.call('POST', page, {
    rawBody: new URLSearchParams({
      csrf: c.csrf()!,
      cardType: 'telegram',
      'payload.url': 'https://t.me/page',
      label: '',
      returnTo: '/',
      ...extra,
    }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** What every client reads back: the stored names of the caller's social cards, oldest first. */
async function storedNames(c: Client): Promise<string[]> {
  const items = (await c.get('/api/social-cards')).json.items as { label: string }[];
  return items.map((i) => i.label).reverse();
}

/** A page's HTML without its scripts (the data for hydration carries stored values as they are). */
const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

beforeEach(async () => {
  await resetDatabase();
  await admin(); // pages need a set-up instance
});

describe('a social card saved without a label', () => {
  it('is named in the interface language on the page, and shown in the reader’s language everywhere', async () => {
    const c = await newUserClient({ username: 'ann' });
    // No saved choice and no language of ours in Accept-Language: the page is English, and so is the name.
    const made = await createOnPage(c);
    expect(made.status, made.text.slice(0, 300)).toBe(302);
    expect(await storedNames(c)).toEqual(['Telegram channel']);

    // A Chinese page writes the Chinese name.
    c.cookies.set('lang', 'zh');
    expect((await createOnPage(c)).status).toBe(302);
    c.cookies.delete('lang');
    expect(await storedNames(c)).toEqual(['Telegram channel', 'Telegram频道']);

    // Either default is the type's name, shown in the reader's language; the editor's label field stays empty.
    const [english] = (await c.get('/api/social-cards')).json.items.filter(
      (i: { label: string }) => i.label === 'Telegram channel',
    ) as { id: string }[];
    c.cookies.set('lang', 'zh');
    const zhCard = await c.get(`/card/${english!.id}`);
    expect(zhCard.text).toContain('<h1 id="card-title">Telegram频道</h1>');
    c.cookies.set('lang', 'en');
    const editor = await c.get(`/edit/social/${english!.id}`);
    const labelField = /<input[^>]*name="label"[^>]*>/.exec(editor.text)?.[0];
    expect(labelField).toBeTruthy();
    expect(labelField).not.toMatch(/value="[^"]/);
    const board = await c.get('/?tag=__social_cards__');
    expect(visible(board.text)).not.toContain('Telegram频道');
  });

  it('is named in the API caller’s language: saved choice, else Accept-Language, else Chinese (compat)', async () => {
    const c = await newUserClient({ username: 'ann' });
    const create = (headers: Record<string, string> = {}) =>
      c.call('POST', '/api/social-cards', { body: TELEGRAM, headers });
    // The older service's clients send no language of ours (Node's fetch sends `*`): Chinese, as before.
    expect((await create()).json.item.label).toBe('Telegram频道');
    expect((await create({ 'accept-language': 'fr-FR,fr;q=0.9' })).json.item.label).toBe('Telegram频道');
    expect((await create({ 'accept-language': 'en-GB,en;q=0.8' })).json.item.label).toBe('Telegram channel');
    expect((await create({ 'accept-language': 'zh-CN,en;q=0.5' })).json.item.label).toBe('Telegram频道');
    // The saved choice (the preferences menu's cookie) wins over the header.
    c.cookies.set('lang', 'en');
    const saved = await create({ 'accept-language': 'zh-CN' });
    expect(saved.json.item.label).toBe('Telegram channel');
    c.cookies.delete('lang');

    // A label cleared later is the type's name in the language of whoever cleared it.
    const cleared = await c.call('PUT', '/api/social-cards', {
      body: { id: saved.json.item.id, label: 'Mine' },
    });
    expect(cleared.json.item.label).toBe('Mine');
    const back = await c.call('PUT', '/api/social-cards', {
      body: { id: saved.json.item.id, label: '' },
      headers: { 'accept-language': 'zh' },
    });
    expect(back.json.item.label).toBe('Telegram频道');
  });
});

describe('MCP: names the tools give', () => {
  it('a snapshot without a label and a social card without one follow Accept-Language, else Chinese', async () => {
    const alice = await createUser({ username: 'alice' });
    const { token } = await newToken(alice);
    const plain = await mcpClient(token);
    const english = await mcpClient(token, 'http', undefined, { 'accept-language': 'en-US,en;q=0.9' });

    expect((await call(plain, 'create_snapshot')).json.label).toMatch(/^MCP 快照 \d/);
    await call(plain, 'create_social_card', TELEGRAM);
    await call(english, 'create_social_card', TELEGRAM); // a change, so the next snapshot is not skipped
    const snap = (await call(english, 'create_snapshot')).json;
    expect(snap.label).toMatch(/^MCP snapshot \d/);
    // Through the legacy SSE transport too: the message runs on the instance holding the stream, in the
    // language of the request that posted it.
    const sse = await mcpClient(token, 'sse', undefined, { 'accept-language': 'en' });
    await call(sse, 'create_social_card', TELEGRAM);
    await sse.close();
    const labels = (await call(plain, 'list_social_cards')).json.map((c: { label: string }) => c.label);
    expect(labels.sort()).toEqual(['Telegram channel', 'Telegram channel', 'Telegram频道']);

    // The history page shows either language's default in the reader's.
    const browser = await sessionClient(alice);
    const shown = async (lang: string) => {
      browser.cookies.set('lang', lang);
      return visible((await browser.get('/settings/history')).text);
    };
    const zh = await shown('zh');
    expect(zh.match(/<span class="snapshot-label">AI 助手（MCP）拍摄/g)).toHaveLength(2);
    expect(zh).not.toMatch(/MCP snapshot|MCP 快照/);
    const en = await shown('en');
    expect(en.match(/<span class="snapshot-label">Taken by an AI assistant \(MCP\)/g)).toHaveLength(2);
    expect(en).not.toMatch(/MCP snapshot|MCP 快照/);
  });
});
