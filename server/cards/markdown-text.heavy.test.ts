// Opt-in (npm run test:heavy): markdownToText stays linear on hostile notes (~35 s of timing runs on the shared
// machine, and timing on a loaded machine is noisy). The text it produces is checked in markdown-text.test.ts.
import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text';

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
});
