// The data page's confirm forms without JavaScript: on the form pipeline, a post without its tick or with a token
// that is no longer kept comes back as the form's errors with the right status, and nothing is changed.
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { createUser, newUserClient } from '../factories';
import type { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';

async function post(c: Client, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', '/settings/data', {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('data page confirm forms', () => {
  beforeEach(resetDatabase);

  it('answers a missing tick and a stale import token as form errors, and clears once confirmed', async () => {
    await createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' });
    const a = await newUserClient({ username: 'alice' });
    const unticked = await post(a, { intent: 'clear' });
    expect(unticked.status).toBe(400);
    // The reply is the pipeline's, shown in the form that was posted.
    expect(unticked.text).toMatch(
      /<form[^>]*>(?:(?!<\/form>)[\s\S])*name="intent" value="clear"(?:(?!<\/form>)[\s\S])*Tick the box to confirm/,
    );

    const stale = await post(a, { intent: 'import', token: 'nope', mode: 'incremental', confirm: 'on' });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.status).toBeLessThan(500);
    expect(stale.text).toContain('class="form-errors" role="alert"');

    expect((await post(a, { intent: 'import', token: 't', mode: 'sideways', confirm: 'on' })).status).toBe(
      400,
    );
    expect((await post(a, { intent: 'clear', confirm: 'on' })).status).toBe(302);
  });
});
