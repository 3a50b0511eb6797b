// Failed-attempt limits hold under parallel attempts: each attempt is counted before its password is checked.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, PASSWORD } from '../factories';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { awayFromWindowEnd, freshIp, loginClient } from './account-helpers';

// Some tests first wait for room in a rate-limit window (awayFromWindowEnd).
vi.setConfig({ testTimeout: 90_000 });

beforeEach(resetDatabase);

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('failed-attempt limits under parallel attempts', () => {
  it('8 parallel wrong sign-ins for one username: at most 5 are checked (401), the rest get 429', async () => {
    awayFromWindowEnd(15 * 60_000, 20_000);
    await createUser({ username: 'target' });
    const attempts = Array.from({ length: 8 }, () =>
      new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'target', password: 'Wrong-123' }),
    );
    const got = statuses(await Promise.all(attempts));
    expect(got.filter((s) => s === 401).length, got.join(',')).toBeLessThanOrEqual(5);
    expect(
      got.filter((s) => s !== 401).every((s) => s === 429),
      got.join(','),
    ).toBe(true);
    expect(got.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    // Locked now, even with the right password, from a new browser.
    const right = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'target',
      password: PASSWORD,
    });
    expect(right.status).toBe(429);
  });

  it('a right password gives its counted attempt back', async () => {
    await createUser({ username: 'often' });
    // Seven successful sign-ins from new browsers in a row are no failures.
    for (let i = 0; i < 7; i++) await loginClient('often');
    const wrong = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'often',
      password: 'Wrong-1',
    });
    expect(wrong.status).toBe(401);
  });

  it('12 parallel wrong current passwords: at most 5 are checked (400), the rest get 429', async () => {
    awayFromWindowEnd(15 * 60_000, 20_000);
    await createUser({ username: 'changer' });
    const c = await loginClient('changer');
    const attempts = Array.from({ length: 12 }, () =>
      c.put('/api/user/password', {
        oldPassword: 'Wrong-123',
        newPassword: 'Next-1234',
        confirmPassword: 'Next-1234',
      }),
    );
    const got = statuses(await Promise.all(attempts));
    expect(got.filter((s) => s === 400).length, got.join(',')).toBeLessThanOrEqual(5);
    expect(
      got.filter((s) => s !== 400).every((s) => s === 429),
      got.join(','),
    ).toBe(true);
    const right = await c.put('/api/user/password', {
      oldPassword: PASSWORD,
      newPassword: 'Next-1234',
      confirmPassword: 'Next-1234',
    });
    expect(right.status).toBe(429);
  });
});
