import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { readForm } from '~/lib/forms.server';
import { admin } from '../factories';
import { Client } from '../setup/client';

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

  it('says on every page how long a message stays (TOAST_MS), for the page scripts to follow', async () => {
    const { client: c } = await admin();
    const { env } = await import('#server/env');
    const stay = `data-toast-ms="${env().TOAST_MS}"`;
    expect((await c.get('/')).text).toMatch(new RegExp(`<html[^>]*${stay}`));
    expect((await c.get('/profile')).text).toMatch(new RegExp(`<html[^>]*${stay}`));
  });

  it('a data request for a page the browser loads as a document leaves the message to that load', async () => {
    const { client: c } = await admin();
    const csrf = 'c'.repeat(64);
    c.cookies.set('csrf_token', csrf);
    const undo = () =>
      c.call('POST', '/undo', {
        rawBody: new URLSearchParams({ csrf, token: 'no-such-token', returnTo: '/' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const clears = (res: { headers: Headers }) =>
      res.headers.getSetCookie().some((h) => h.startsWith('flash=') && /max-age=0/i.test(h));
    expect((await undo()).status).toBe(302);

    // With JavaScript, a post that lands on the dashboard may also ask for the root's data while the dashboard
    // loads as a document: that request must not eat the message the document shows.
    for (const path of ['/_.data?_routes=root', '/card/some-card.data']) {
      expect(clears(await c.get(path))).toBe(false);
    }
    const page = await c.get('/');
    expect(page.text).toContain('That can no longer be undone.');
    expect(clears(page)).toBe(true);

    // A hydrated page's data request is what shows the message there, so it does consume it.
    await undo();
    expect(clears(await c.get('/profile.data'))).toBe(true);
    // Nor is a visitor's data request for the dashboard ever answered with the shared HTML page.
    const visitor = new Client();
    expect((await visitor.get('/')).headers.get('content-type')).toMatch(/text\/html/);
    const data = await visitor.get('/_.data?_routes=root');
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).not.toMatch(/text\/html/);
    expect((await c.get('/')).text).not.toContain('That can no longer be undone.');
  });
});

describe('page form posts', () => {
  beforeEach(resetDatabase);

  it('refuse a body past the limit while it streams in, without a Content-Length', async () => {
    const csrf = 'd'.repeat(64);
    const chunk = new TextEncoder().encode(`csrf=${csrf}&theme=dark&filler=${'x'.repeat(64 * 1024)}`);
    let pulled = 0;
    // 64 KiB chunks, 1 MiB in all: reading must stop at the 256 KiB limit.
    const body = new ReadableStream({
      pull(controller) {
        if (pulled >= 16) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/preferences', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        cookie: `csrf_token=${csrf}`,
      },
      duplex: 'half',
    } as RequestInit);
    const refused = await readForm(request).then(
      () => null,
      (err: unknown) => err as { init?: { status?: number } },
    );
    expect(refused?.init?.status).toBe(413);
    expect(pulled).toBeLessThan(8);
  });

  it('refuse a multipart body', async () => {
    const request = new Request('http://localhost/preferences', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'http://localhost' },
    });
    const refused = await readForm(request).then(
      () => null,
      (err: unknown) => err as { init?: { status?: number } },
    );
    expect(refused?.init?.status).toBe(415);
  });

  it('still accepts a normal form post', async () => {
    const { client: c } = await admin();
    const csrf = 'e'.repeat(64);
    c.cookies.set('csrf_token', csrf);
    const res = await c.call('POST', '/preferences', {
      rawBody: new URLSearchParams({ csrf, theme: 'dark', returnTo: '/' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((h) => h.startsWith('theme=dark'))).toBe(true);
  });
});
