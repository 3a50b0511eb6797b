// Flash messages and trusted devices are React Router signed cookies, with key rotation: SESSION_SECRET signs,
// SESSION_SECRET_PREVIOUS still verifies. Set before the app starts in this test file's process.
import { createCookie } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { createUser, PASSWORD } from '../factories';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { awayFromWindowEnd, freshIp } from './account-helpers';

const PREVIOUS = 'previous-secret-'.padEnd(48, 'p');
process.env.SESSION_SECRET_PREVIOUS = PREVIOUS;
const CURRENT = process.env.SESSION_SECRET!;
const RETIRED = 'retired-secret-'.padEnd(48, 'r');

const flash = (secret: string) => createCookie('flash', { path: '/', secrets: [secret] });
const device = (secret: string) => createCookie('sakura-nav-device', { path: '/', secrets: [secret] });
const cookieValue = (header: string) => header.slice(header.indexOf('=') + 1, header.indexOf(';'));

// Some tests first wait for room in a rate-limit window (awayFromWindowEnd).
vi.setConfig({ testTimeout: 90_000 });

beforeEach(async () => {
  await resetDatabase();
  await createUser({ id: ADMIN_ID, role: 'admin', username: 'root' });
});

describe('signed cookies', () => {
  it('shows a flash message signed with the current or the previous secret, not with another', async () => {
    for (const [secret, shown] of [
      [CURRENT, true],
      [PREVIOUS, true],
      [RETIRED, false],
    ] as const) {
      const c = new Client();
      c.cookies.set(
        'flash',
        cookieValue(await flash(secret).serialize({ kind: 'success', key: 'toast.restored' })),
      );
      const page = await c.get('/');
      expect(page.text.includes('Restored.'), `signed with ${secret.slice(0, 8)}`).toBe(shown);
    }
  });

  it('the app signs flash messages in that format', async () => {
    const c = new Client();
    const csrf = 'c'.repeat(64);
    c.cookies.set('csrf_token', csrf);
    const res = await c.call('POST', '/logout', {
      rawBody: new URLSearchParams({ csrf }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const header = res.headers.getSetCookie().find((h) => h.startsWith('flash='))!;
    expect(await flash(CURRENT).parse(header)).toMatchObject({ kind: 'info', key: 'auth.signedOut' });
  });

  it('a trusted-device cookie signed with either secret lifts the per-username limit; a retired one does not', async () => {
    awayFromWindowEnd(15 * 60_000, 20_000);
    const user = await createUser({ username: 'vic' });
    for (let i = 0; i < 6; i++)
      await new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'vic', password: 'Wrong-1' });
    const entry = [{ u: user._id, e: Date.now() + 86_400_000 }];
    for (const [secret, status] of [
      [CURRENT, 200],
      [PREVIOUS, 200],
      [RETIRED, 429],
    ] as const) {
      const c = new Client({ ip: freshIp() });
      c.cookies.set('sakura-nav-device', cookieValue(await device(secret).serialize(entry)));
      const res = await c.post('/api/auth/login', { username: 'vic', password: PASSWORD });
      expect(res.status, `signed with ${secret.slice(0, 8)}`).toBe(status);
      if (status === 200) {
        const set = res.headers.getSetCookie().find((h) => h.startsWith('sakura-nav-device='))!;
        expect(await device(CURRENT).parse(set)).toEqual([expect.objectContaining({ u: user._id })]);
      }
    }
  });
});
