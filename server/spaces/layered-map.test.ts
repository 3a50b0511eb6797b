import { describe, expect, it } from 'vitest';
import { draftCopy, type LayeredMap } from './layered-map';

/** Random sets and deletes on a LayeredMap (copied now and then) and on a plain Map give the same contents. */
describe('LayeredMap', () => {
  it('behaves as a Map through copies, and a copy never sees later changes of its original', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const base = new Map(Array.from({ length: 400 }, (_, i) => [`k${i}`, i] as [string, number]));
    const plain = new Map(base);
    let layered = draftCopy(base) as LayeredMap<string, number>;
    const frozen: { map: Map<string, number>; expected: [string, number][] }[] = [];
    for (let step = 0; step < 3000; step++) {
      const key = `k${rnd(600)}`;
      if (rnd(3) === 0) expect(layered.delete(key)).toBe(plain.delete(key));
      else {
        layered.set(key, step);
        plain.set(key, step);
      }
      if (step % 37 === 0) {
        // What a published snapshot keeps while the next draft changes.
        // (published as `settled()` gives it: merged or not, the same contents).
        const published = step % 2 ? layered.settled() : layered;
        frozen.push({ map: published, expected: [...plain].sort() });
        layered = (published as LayeredMap<string, number>).copy();
      }
      expect(layered.size).toBe(plain.size);
      expect(layered.get(key)).toBe(plain.get(key));
      expect(layered.has(key)).toBe(plain.has(key));
    }
    expect([...layered].sort()).toEqual([...plain].sort());
    expect([...layered.keys()].sort()).toEqual([...plain.keys()].sort());
    expect([...layered.values()].sort()).toEqual([...plain.values()].sort());
    expect(new Map(layered)).toEqual(plain);
    for (const { map, expected } of frozen) {
      expect([...map.entries()].sort()).toEqual(expected);
      expect(map.size).toBe(expected.length);
    }
    // The base a draft was layered over is never changed.
    expect(base.size).toBe(400);
    expect(base.get('k1')).toBe(1);
  });

  it('keeps the order of the base, new keys after it', () => {
    const m = draftCopy(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]),
    );
    m.set('d', 4);
    m.set('b', 20);
    m.delete('a');
    const seen: string[] = [];
    m.forEach((v, k) => seen.push(`${k}=${v}`));
    expect(seen).toEqual(['b=20', 'c=3', 'd=4']);
  });
});
