import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBookmarks } from './bookmark-parse';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/bookmarks/${name}`, import.meta.url), 'utf8');
const byUrl = <T extends { url: string }>(items: T[], url: string) => items.find((i) => i.url === url);

// A 20 MB file's slicing (the event loop is never held long) is in bookmark-parse.heavy.test.ts (npm run test:heavy).
describe('parseBookmarks', () => {
  it('reads a Chrome export: nested folders become the path, root folders and non-web links drop out', async () => {
    const r = await parseBookmarks(fixture('chrome.html'));
    expect(r.format).toBe('netscape-html');
    expect(r.items.map((i) => [i.name, i.folders.join('/')])).toEqual([
      ['GitHub', ''],
      ['MDN Web Docs', 'Dev'],
      ['Node.js – Docs', 'Dev/Node & Deno'],
      ['Deno <runtime>', 'Dev/Node & Deno'],
      ['TypeScript: Documentation', 'Dev'],
      ['Hacker News', 'News'],
      ['LWN.net', 'News'],
      ['GitHub again', ''],
    ]);
    expect(r.ignored).toBe(2);
    const github = byUrl(r.items, 'https://github.com/')!;
    expect(github.iconUrl).toMatch(/^data:image\/png;base64,/);
    expect(github.addDate?.toISOString()).toBe('2023-11-14T22:13:21.000Z');
  });

  it('reads a Firefox export: menu, toolbar and other folders are roots, DD is the description', async () => {
    const r = await parseBookmarks(fixture('firefox.html'));
    expect(r.items.map((i) => [i.name, i.folders.join('/')])).toEqual([
      ['Get Help', 'Mozilla Firefox'],
      ['Customize Firefox', 'Mozilla Firefox'],
      ['Bread recipes', 'Recipes/Baking'],
      ['Getting Started', ''],
      ['Team Handbook', 'Work'],
      ['Grafana', 'Work/Dashboards'],
      ['Wikipedia', ''],
    ]);
    expect(r.ignored).toBe(1); // the place: query
    expect(byUrl(r.items, 'https://www.kingarthurbaking.com/recipes/bread')!.description).toBe(
      'Sourdough & rye – weekend projects',
    );
    expect(byUrl(r.items, 'https://docs.example.org/handbook?lang=en&v=2')).toBeTruthy();
    expect(r.items[0]!.iconUrl).toBe('https://support.mozilla.org/favicon.ico');
  });

  it('reads a Safari export without an outer list', async () => {
    const r = await parseBookmarks(fixture('safari.html'));
    expect(r.items.map((i) => [i.name, i.folders.join('/')])).toEqual([
      ['Apple', ''],
      ["News, sport and opinion from the Guardian's global edition", 'Reading'],
      ['A long read', 'Reading List'],
    ]);
  });

  it('reads Markdown links with headings as folders', async () => {
    const r = await parseBookmarks(fixture('links.md'));
    expect(r.format).toBe('markdown');
    expect(r.items.map((i) => [i.name, i.url, i.folders.join('/')])).toEqual([
      ['The Rust Book', 'https://doc.rust-lang.org/book/', 'Reading'],
      ['Go tour', 'https://go.dev/tour/', 'Reading'],
      ['Attention', 'https://arxiv.org/abs/1706.03762', 'Reading/Papers'],
    ]);
    expect(r.ignored).toBe(1);
  });

  it('reads a plain URL list, naming untitled links after their host', async () => {
    const r = await parseBookmarks(fixture('urls.txt'));
    expect(r.format).toBe('url-list');
    expect(r.items.map((i) => [i.name, i.url])).toEqual([
      ['example.com', 'https://example.com/a'],
      ['Example B', 'https://example.com/b'],
      ['example.com', 'https://example.com/a'],
    ]);
  });

  it('cuts long names and stays fast on hostile text', async () => {
    const long = `<DL><DT><A HREF="https://x.example/">${'n'.repeat(300)}</A></DL>`;
    expect((await parseBookmarks(long)).items[0]!.name).toHaveLength(80);
    const hostile = `${'['.repeat(50_000)}](${'#'.repeat(50_000)}\n# ${'#'.repeat(50_000)}x\n${'-'.repeat(50_000)} https://a.example/`;
    expect((await parseBookmarks(hostile)).items).toHaveLength(1);
  });

  it('reads a file in the pieces it arrived in, tokens and lines split across them', async () => {
    const pieces = (text: string, size: number) =>
      Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
    for (const name of ['chrome.html', 'firefox.html', 'safari.html', 'links.md', 'urls.txt']) {
      const whole = await parseBookmarks(fixture(name));
      for (const size of [1, 7, 64])
        expect(await parseBookmarks(pieces(fixture(name), size)), name).toEqual(whole);
    }
  });

  it('refuses absurdly deep nesting at once, with a clear error (it took 0.75 s per 392 KB, growing quadratically)', async () => {
    // 56,000 `<DL><p>` (392 KB): htmlparser2's element stack made each tag cost the depth (750 ms; 300,000: 133 s).
    const deep = Buffer.from('<DL><p>'.repeat(56_000)).toString();
    const started = performance.now();
    await expect(parseBookmarks(deep)).rejects.toMatchObject({ code: 'nesting_too_deep' });
    expect(performance.now() - started).toBeLessThan(300);
    // Deep but sane folders are still read, the path shared by every link of a folder.
    const nested = `${'<DT><H3>f</H3><DL><p>'.repeat(30)}<DT><A HREF="https://deep.example/">Deep</A><DT><A HREF="https://deep.example/2">Two</A>${'</DL><p>'.repeat(30)}`;
    const r = await parseBookmarks(nested);
    expect(r.items.map((i) => i.folders.length)).toEqual([30, 30]);
  });
});
