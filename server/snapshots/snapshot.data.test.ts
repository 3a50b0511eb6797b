import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeData, type SnapshotData } from './snapshot.data';

describe('snapshot data encoding', () => {
  it('writes, in slices, the same JSON and content hash as in one piece (keys sorted, owner and volatile fields out of the hash)', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const data = {
      tags: [{ _id: 't1', name: 'Tools "x"', order: 0, ownerId: 'u1', createdAt: at }],
      cards: Array.from({ length: 3000 }, (_, i) => ({
        _id: `c${i}`,
        ownerId: 'u1',
        name: `Card ${i} ✓`,
        iconUrl: undefined,
        siteIsOnline: i % 2 === 0,
        siteOnlineCheckLastRun: at,
        cardData: i % 3 ? null : { title: 'note', content: 'a\nb' },
        siteTodos: [{ id: 'x', text: 't', completed: false }],
      })),
      cardTags: [{ tagId: 't1', cardId: 'c0', order: 0 }],
      cardRelations: [],
      virtualOrder: { __social_cards__: 1 },
    } as unknown as SnapshotData;
    const { json, hash } = await encodeData(data);
    // What is stored: every row's keys (nested ones too) sorted, without its owner; memberships as they are.
    const sorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sorted)
        : v && typeof v === 'object' && !(v instanceof Date)
          ? Object.fromEntries(
              Object.keys(v)
                .filter((k) => k !== 'ownerId')
                .sort()
                .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
            )
          : v;
    const canonical = { ...data, tags: sorted(data.tags), cards: sorted(data.cards), cardRelations: [] };
    expect(json.toString('utf8')).toBe(JSON.stringify(canonical));
    const volatile = [
      'siteIsOnline',
      'siteOnlineCheckLastRun',
      'siteOnlineCheckFailCount',
      'sitePendingContextGen',
    ];
    const whole = JSON.stringify(canonical, (key, value: unknown) =>
      volatile.includes(key) ? undefined : value,
    );
    expect(hash).toBe(createHash('sha256').update(whole).digest('hex'));
  });
});
