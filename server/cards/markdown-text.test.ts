import { describe, expect, it } from 'vitest';
import { markdownToText, notePreview } from './markdown-text';

// Linear time on hostile notes is checked in markdown-text.heavy.test.ts (npm run test:heavy).
describe('markdownToText', () => {
  it('reads normal notes as their text, without Markdown debris', () => {
    const cases: [string, string][] = [
      [
        '# Title\n\nSome **bold** and _em_ text with [a link](https://x.example/a_b) and ![a picture](https://x.example/p.png).',
        'Title Some bold and em text with a link and a picture.',
      ],
      ['- one\n- two\n  * nested\n\n1. first\n2. second', 'one two nested first second'],
      ['> quoted\n> text\n\n---\n\nafter the rule', 'quoted text after the rule'],
      ['| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
      ['Use `npm test` here.\n\n```js\nconst x = 1;\n```', 'Use npm test here. const x = 1;'],
      ['See <https://example.com/x> and ~~old~~', 'See https://example.com/x and old'],
      [
        'Tom &amp; Jerry &lt;3 \\*not emphasis\\* snake_case_name',
        'Tom & Jerry <3 *not emphasis* snake_case_name',
      ],
      ['<b>raw html</b> stays text', '<b>raw html</b> stays text'],
      ['[GitHub](sakura-site://card-1) is linked', 'GitHub is linked'],
      ['', ''],
    ];
    for (const [markdown, text] of cases) expect(markdownToText(markdown), markdown).toBe(text);
  });
});

describe('notePreview', () => {
  it('leaves the names of the note’s own pictures and files out of the preview (search still reads them)', () => {
    const content =
      'Trip notes\n\n- packed\n\n![IMG_0042.jpg](/api/note-cards/img/asset-1)\n\nTickets: [ticket.pdf](/api/note-cards/file/asset-2) and [the map](https://maps.example/x).';
    expect(notePreview('', content)).toEqual({
      title: 'Trip notes',
      text: 'packed Tickets: and the map.',
    });
    expect(notePreview('Trip', content).text).not.toMatch(/IMG_0042|ticket\.pdf/);
    expect(markdownToText(content)).toContain('IMG_0042.jpg');
  });

  it('titles an untitled note by its first line and shows the text after it, without debris', () => {
    expect(notePreview('', 'Search\n\nThe search box matches names.')).toEqual({
      title: 'Search',
      text: 'The search box matches names.',
    });
    expect(notePreview('', 'dashboard :\n- organise cards\n- share them')).toEqual({
      title: 'dashboard :',
      text: 'organise cards share them',
    });
    expect(notePreview('', '# **Plans**\n\n1. first')).toEqual({ title: 'Plans', text: 'first' });
    // A given title stays; a heading repeating it is not shown twice.
    expect(notePreview('Books', '# Books\n\nSee *these*')).toEqual({ title: 'Books', text: 'See these' });
  });
});
