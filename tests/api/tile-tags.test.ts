// A site card's tags as chips on its tile: in the "all" view, capped with a "+N" count; not in a tag's own view.
import { beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../factories';
import { resetDatabase } from '../setup/db';

function tileHtml(html: string, id: string): string {
  const start = html.indexOf(`id="card-${id}"`);
  expect(start, `tile ${id}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</li>', start));
}

describe('tags on dashboard tiles', () => {
  beforeEach(resetDatabase);

  it('shows a site card’s tags in the all view, at most three and a count', async () => {
    const { client } = await admin();
    const tags = [];
    for (const name of ['Work', 'Daily', 'Tools', 'Reading'])
      tags.push(await client.create('/api/tags', { name }));
    const card = await client.create('/api/site-cards', {
      name: 'Tagged',
      siteUrl: 'https://tagged.test',
      tagIds: tags.map((t) => t.id),
    });

    const all = tileHtml((await client.get('/')).text, card.id);
    const chips = [...all.matchAll(/<span class="tile-tag"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(chips).toEqual(['Work', 'Daily', 'Tools']);
    expect(all).toMatch(/class="tile-tag tile-tag-more"[^>]*>\+<!-- -->1<\/span>|tile-tag-more"[^>]*>\+1</);

    const inTag = tileHtml((await client.get(`/?tag=${tags[0].id}`)).text, card.id);
    expect(inTag).not.toContain('tile-tag');
  });
});
