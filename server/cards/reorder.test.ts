import { describe, expect, it } from 'vitest';
import { moveOne, planOrder, reorderWithin, type Ordered } from './reorder';

function apply(seq: Ordered[], changes: Map<string, number>): Ordered[] {
  return seq.map((s) => ({ id: s.id, order: changes.get(s.id) ?? s.order }));
}
function sortedIds(items: Ordered[]): string[] {
  return [...items].sort((a, b) => a.order - b.order).map((s) => s.id);
}
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('planOrder', () => {
  it('changes nothing for an already sorted sequence', () => {
    expect(
      planOrder([
        { id: 'a', order: 0 },
        { id: 'b', order: 5 },
      ]).size,
    ).toBe(0);
  });

  it('moves the last of 10,000 items to the front with a single write', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, order: i }));
    const seq = [items[9999]!, ...items.slice(0, 9999)];
    const changes = planOrder(seq);
    expect(changes.size).toBe(1);
    expect(sortedIds(apply(seq, changes))).toEqual(seq.map((s) => s.id));
  });

  it('always produces the requested order, for random permutations and duplicate values', () => {
    const rnd = seeded(7);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(rnd() * 40);
      const seq = Array.from({ length: n }, (_, i) => ({ id: `x${i}`, order: Math.floor(rnd() * 10) }));
      seq.sort(() => rnd() - 0.5);
      const result = apply(seq, planOrder(seq));
      expect(sortedIds(result)).toEqual(seq.map((s) => s.id));
      expect(new Set(result.map((r) => r.order)).size).toBe(n);
    }
  });

  it('renumbers when repeated moves into one gap exhaust precision', () => {
    let seq: Ordered[] = [
      { id: 'a', order: 0 },
      { id: 'b', order: 1 },
    ];
    for (let k = 0; k < 80; k++) {
      // Move the last item between the first two, again and again.
      const last = seq[seq.length - 1]!;
      const moved = [seq[0]!, { id: `n${k}`, order: last.order + 1 }, ...seq.slice(1)];
      seq = apply(moved, planOrder(moved));
      expect(sortedIds(seq)).toEqual(moved.map((s) => s.id));
    }
  });
});

describe('reorderWithin', () => {
  const full = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, order: i }));

  it('reorders a partial list inside the places it occupied', () => {
    const { changes } = reorderWithin(full, ['e', 'b']);
    expect(sortedIds(apply(full, changes))).toEqual(['a', 'e', 'c', 'd', 'b', 'f']);
  });

  it('reports ids it does not know', () => {
    expect(reorderWithin(full, ['a', 'zz']).unknown).toEqual(['zz']);
  });
});

describe('moveOne', () => {
  const full = ['a', 'b', 'c'].map((id, i) => ({ id, order: i }));
  it('swaps with a neighbour and refuses to move past the ends', () => {
    expect(moveOne(full, 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moveOne(full, 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(moveOne(full, 'a', 'up')).toBeNull();
    expect(moveOne(full, 'c', 'down')).toBeNull();
  });
});
