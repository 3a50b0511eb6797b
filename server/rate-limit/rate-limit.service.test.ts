import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../../tests/setup/db';
import { consume, refund, type Limit } from './rate-limit.service';

// A window far from its end, so that all events of a test fall into one window.
const limit: Limit = { name: 'probe', max: 10, windowMs: 24 * 60 * 60_000 };

describe('consume under parallel events (the database must not lose counts)', () => {
  beforeEach(resetDatabase);

  it('40 parallel events: exactly max are allowed', async () => {
    const states = await Promise.all(Array.from({ length: 40 }, () => consume(limit, 'subject')));
    expect(states.filter((s) => s.allowed)).toHaveLength(limit.max);
    expect(new Set(states.filter((s) => s.allowed).map((s) => s.count)).size).toBe(limit.max);
    expect((await consume(limit, 'subject')).allowed).toBe(false);
    // Another subject has its own window.
    expect((await consume(limit, 'other')).allowed).toBe(true);
  });

  it('a refunded event frees its place for exactly one more', async () => {
    const states = await Promise.all(Array.from({ length: limit.max }, () => consume(limit, 's')));
    await Promise.all(states.slice(0, 3).map(refund));
    const next = await Promise.all(Array.from({ length: 8 }, () => consume(limit, 's')));
    expect(next.filter((s) => s.allowed)).toHaveLength(3);
  });
});
