import { afterAll, describe, expect, it } from 'vitest';
import { restoreClock, skipAhead } from '../tests/setup/clock';
import { fresh } from './fresh';

describe('fresh', () => {
  afterAll(restoreClock);

  it('is true for a stamp younger than the time given, false once it is as old', () => {
    const now = Date.now();
    expect(fresh(now, 1000)).toBe(true);
    expect(fresh(now - 999, 1000)).toBe(true);
    expect(fresh(now - 5000, 1000)).toBe(false);
    expect(fresh(now, 0)).toBe(false);
  });

  it('is false for a stamp taken before the clock was set back', () => {
    skipAhead(60 * 60_000);
    const stamped = Date.now();
    expect(fresh(stamped, 3000)).toBe(true);
    restoreClock();
    // An hour "old" the other way: with a zero or short lifetime a cache would otherwise serve it for an hour.
    expect(fresh(stamped, 0)).toBe(false);
    expect(fresh(stamped, 3000)).toBe(false);
  });
});
