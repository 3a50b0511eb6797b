import { describe, expect, it } from 'vitest';
import { markdownToText, notePreview } from './markdown-text';

/** Best of a few runs, in milliseconds (the best run is the least disturbed by other work on the machine). */
function timeOf(fn: () => unknown, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('markdownToText', () => {
  it('takes time linear in the input, also for hostile notes', () => {
    // Repeated openers that regular expressions over raw Markdown backtrack on (the review's "[" x 50,000 took 4 s).
    const hostile = ['[', '![', '*', '`', '<https:', '\n', '[a](', '> [', '_'];
    const measure = (unit: string) => {
      markdownToText(unit.repeat(10_000));
      return {
        // A base under a few milliseconds is timer and pause noise: floor it.
        small: Math.max(
          10,
          timeOf(() => markdownToText(unit.repeat(10_000)), 5),
        ),
        large: timeOf(() => markdownToText(unit.repeat(80_000)), 3),
      };
    };
    for (const unit of hostile) {
      // Eight times the input: linear work takes about eight times as long, quadratic sixty-four. The limit sits
      // far from both, because a shared machine blurs even the best of several runs.
      let m = measure(unit);
      if (m.large / m.small >= 24) m = measure(unit);
      // Runs this short are all noise, and harmless anyway.
      if (m.large < 80) continue;
      const what = `${JSON.stringify(unit)} x 10,000: ${m.small.toFixed(0)} ms; x 80,000: ${m.large.toFixed(0)} ms`;
      expect(m.large / m.small, what).toBeLessThan(24);
    }
  }, 180_000);

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
