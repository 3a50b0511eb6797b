import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin } from '../factories';

describe('/search (the dashboard search form)', () => {
  beforeEach(async () => {
    await resetDatabase();
    await admin();
  });

  it('searches the dashboard, or hands the query to the chosen web engine, and remembers the choice', async () => {
    const c = new Client();
    const site = await c.get('/search?q=' + encodeURIComponent('react 文档') + '&engine=site');
    expect(site.status).toBe(302);
    expect(site.headers.get('location')).toBe('/?q=react%20%E6%96%87%E6%A1%A3');
    expect(site.headers.getSetCookie().some((h) => h.startsWith('search_engine=site'))).toBe(true);

    const google = await c.get('/search?q=a%26b%3Dc&engine=google');
    expect(google.headers.get('location')).toBe('https://www.google.com/search?q=a%26b%3Dc');
    expect(google.headers.getSetCookie().some((h) => h.startsWith('search_engine=google'))).toBe(true);
    // The home page's engine menu shows the remembered choice.
    expect((await c.get('/')).text).toMatch(/<option value="google" selected="">/);

    expect((await c.get('/search?q=x&engine=baidu')).headers.get('location')).toBe(
      'https://www.baidu.com/s?wd=x',
    );
    // An unknown engine searches the dashboard; an empty query goes home.
    expect((await c.get('/search?q=x&engine=evil.example')).headers.get('location')).toBe('/?q=x');
    expect((await c.get('/search?q=%20%20')).headers.get('location')).toBe('/');
  });

  it('offers the same query on the web when no card matches', async () => {
    const c = new Client();
    const none = (await c.get('/?q=' + encodeURIComponent('zz nothing & more'))).text;
    expect(none).toContain('href="https://www.google.com/search?q=zz%20nothing%20%26%20more"');
    expect(none).toContain('href="https://duckduckgo.com/?q=zz%20nothing%20%26%20more"');
    // Not offered while the dashboard itself has results, nor without a query.
    expect((await c.get('/')).text).not.toContain('board-empty-web');
  });
});
