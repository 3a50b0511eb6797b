// Where pages send the browser after a form post or sign-in: only paths on this site, never a 500.
import { beforeEach, describe, expect, it } from 'vitest';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { admin, createUser, PASSWORD } from '../factories';
import { freshIp } from './account-helpers';

const LEAVING = [
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/%2e//evil.example',
  'https://evil.example/',
  '\t//evil.example',
];

/** Where a browser would go with this Location header. */
async function destination(location: string | null): Promise<URL> {
  const base = await appUrl();
  return new URL(location ?? '', base);
}

function formPost(c: Client, url: string, fields: Record<string, string>) {
  const csrf = 'a'.repeat(64);
  c.cookies.set('csrf_token', csrf);
  return c.call('POST', url, {
    rawBody: new URLSearchParams({ csrf, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

beforeEach(async () => {
  await resetDatabase();
  await admin();
});

describe('return addresses', () => {
  it('a form post never sends the browser to another site', async () => {
    const base = new URL(await appUrl());
    for (const returnTo of LEAVING) {
      const res = await formPost(new Client(), '/preferences', { theme: 'dark', returnTo });
      expect(res.status, JSON.stringify(returnTo)).toBe(302);
      const to = await destination(res.headers.get('location'));
      expect(to.origin, `${JSON.stringify(returnTo)} -> ${res.headers.get('location')}`).toBe(base.origin);
      expect(res.headers.get('location')).not.toMatch(/[\t\n\r\\]/);
    }
    // Ordinary paths are kept.
    const ok = await formPost(new Client(), '/preferences', { theme: 'dark', returnTo: '/?tag=t1#x' });
    expect(ok.headers.get('location')).toBe('/?tag=t1#x');
    const encoded = await formPost(new Client(), '/preferences', {
      theme: 'dark',
      returnTo: '/%09/evil.example',
    });
    expect((await destination(encoded.headers.get('location'))).origin).toBe(base.origin);
  });

  it('sign-in with a hostile redirectTo redirects home after a right password, never a 500', async () => {
    await createUser({ username: 'walt' });
    const base = new URL(await appUrl());
    for (const redirectTo of [...LEAVING, '/\nSet-Cookie: x=1', '/%0aSet-Cookie:%20x=1']) {
      const page = await new Client().get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
      expect(page.status, JSON.stringify(redirectTo)).toBe(200);
      const res = await formPost(new Client({ ip: freshIp() }), '/login', {
        username: 'walt',
        password: PASSWORD,
        redirectTo,
      });
      expect(res.status, `${JSON.stringify(redirectTo)}: ${res.text.slice(0, 200)}`).toBe(302);
      expect((await destination(res.headers.get('location'))).origin).toBe(base.origin);
      expect(res.headers.get('set-cookie')).not.toMatch(/x=1/);
    }
  });
});
