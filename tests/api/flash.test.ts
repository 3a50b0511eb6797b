import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { admin } from '../factories';

describe('flash messages', () => {
  beforeEach(resetDatabase);

  it('an action that sets a new message keeps it, even while an old one is still unread', async () => {
    const { client: c } = await admin();
    const csrf = 'c'.repeat(64);
    c.cookies.set('csrf_token', csrf);
    c.cookies.set('flash', 'old-unread-message.0000');
    const res = await c.call('POST', '/undo', {
      rawBody: new URLSearchParams({ csrf, token: 'no-such-token', returnTo: '/' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(302);
    const flashCookies = res.headers.getSetCookie().filter((h) => h.startsWith('flash='));
    expect(flashCookies).toHaveLength(1);
    expect(flashCookies[0]).not.toMatch(/max-age=0/i);

    // The next page view shows it once and clears it.
    const page = await c.get('/');
    expect(page.text).toContain('That can no longer be undone.');
    expect(page.headers.getSetCookie().some((h) => h.startsWith('flash=') && /max-age=0/i.test(h))).toBe(
      true,
    );
    expect((await c.get('/')).text).not.toContain('That can no longer be undone.');
  });
});
