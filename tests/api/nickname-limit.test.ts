// The profile form's nickname field and hint state the limit the server enforces.
import { beforeEach, describe, expect, it } from 'vitest';
import { NICKNAME_MAX } from '#server/users/user.schema';
import { admin, newUserClient } from '../factories';
import { resetDatabase } from '../setup/db';

describe('nickname limit on /profile', () => {
  beforeEach(resetDatabase);

  it('the field allows exactly what the server accepts, and the hint says so', async () => {
    await admin();
    const c = await newUserClient({ username: 'nick' });
    const html = (await c.get('/profile')).text;
    const input = html.match(/<input[^>]*name="nickname"[^>]*>/)?.[0] ?? '';
    expect(input).toMatch(new RegExp(`maxlength="${NICKNAME_MAX}"`, 'i'));
    expect(html).toContain(`Up to ${NICKNAME_MAX} characters`);
    expect((await c.put('/api/user/profile', { nickname: 'n'.repeat(NICKNAME_MAX) })).status).toBe(200);
    expect((await c.put('/api/user/profile', { nickname: 'n'.repeat(NICKNAME_MAX + 1) })).status).toBe(400);
  });
});
