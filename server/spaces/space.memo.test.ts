import { describe, expect, it } from 'vitest';
import { env } from '../env';
import { clearMemo, memoGet, memoSet, memoStats } from './space.memo';

describe('memoised derived values', () => {
  it('keeps search results within their own budget, so a flood of queries never drops the lists', () => {
    clearMemo();
    const list = Array.from({ length: 10_000 }, (_, i) => i);
    memoSet(1, 'sorted:all', list, 'list');
    // Far more distinct searches than fit: each result a list of 2,000 cards.
    for (let q = 0; q < 2_000; q++)
      memoSet(
        1,
        `search:all:${q}`,
        Array.from({ length: 2_000 }, (_, i) => i),
        'search',
      );
    const stats = memoStats();
    expect(stats.search.bytes).toBeLessThanOrEqual(env().SPACE_MEMO_BYTES / 4 + 1);
    expect(stats.search.entries).toBeLessThan(2_000);
    expect(memoGet(1, 'sorted:all', 'list')).toBe(list);
    expect(memoGet(1, 'search:all:1999', 'search')).toBeDefined();
    expect(memoGet(1, 'search:all:0', 'search')).toBeUndefined();
  });
});
