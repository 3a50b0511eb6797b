import { describe, expect, it } from 'vitest';
import { memoGet, memoSet } from './space.memo';

describe('memoised derived values', () => {
  it('keeps search results within their own budget, so a flood of queries never drops the lists', () => {
    const serial = 1e9; // no snapshot of this process has it
    const list = Array.from({ length: 10_000 }, (_, i) => i);
    memoSet(serial, 'sorted:all', list, 'list');
    // Far more distinct searches than fit in the search quarter of SPACE_MEMO_BYTES: 2,000 results of 2,000 cards.
    for (let q = 0; q < 2_000; q++)
      memoSet(
        serial,
        `search:all:${q}`,
        Array.from({ length: 2_000 }, (_, i) => i),
        'search',
      );
    expect(memoGet(serial, 'sorted:all', 'list')).toBe(list);
    expect(memoGet(serial, 'search:all:1999', 'search')).toBeDefined();
    expect(memoGet(serial, 'search:all:0', 'search')).toBeUndefined();
  });
});
