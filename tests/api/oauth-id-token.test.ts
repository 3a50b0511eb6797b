// The ID token of an OpenID Connect sign-in is verified: a token signed with a key the provider does not publish,
// issued for another client or by another issuer, expired or unsigned is refused, and no account is made or
// signed in; a correctly signed one (RS256 from the published keys, or HS256 with the client secret) signs in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { startOidcStandIn, type IdTokenMode, type OidcStandIn } from '../servers/oidc-stand-in';
import { freshIp } from './account-helpers';
import { setUpAdmin } from './oauth-helpers';

let idp: OidcStandIn;
beforeAll(async () => {
  idp = await startOidcStandIn();
});
afterAll(async () => {
  await idp?.close();
});

async function signIn(mode: IdTokenMode): Promise<{ location: string | null; client: Client }> {
  idp.mode = mode;
  const client = new Client({ ip: freshIp() });
  const start = await client.get('/api/auth/oauth/oidc?mode=login');
  expect(start.status, start.text).toBe(302);
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const res = await client.get(back.pathname + back.search);
  return { location: res.headers.get('location'), client };
}

describe('OpenID Connect ID tokens', () => {
  beforeEach(async () => {
    await resetDatabase();
    const admin = await setUpAdmin();
    const res = await admin.put('/api/admin/oauth', {
      configs: {
        oidc: { enabled: true, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      },
    });
    expect(res.status, res.text).toBe(200);
  });

  it.each(['foreign-key', 'other-audience', 'other-issuer', 'expired', 'none'] as const)(
    'refuses a token that is %s, and makes no account',
    async (mode) => {
      const { location, client } = await signIn(mode);
      expect(location).toBe('/login?oauth=error&reason=provider');
      expect((await client.get('/api/auth/session')).json.isAuthenticated).toBe(false);
      expect(await UserModel.countDocuments({ _id: { $ne: ADMIN_ID } })).toBe(0);
    },
  );

  it.each(['good', 'hs256'] as const)('signs in with a %s token', async (mode) => {
    const { location, client } = await signIn(mode);
    expect(location).toBe('/profile?oauth=welcome');
    const session = (await client.get('/api/auth/session')).json;
    expect(session.isAuthenticated).toBe(true);
    expect(session.nickname).toBe('Eve Example');
  });
});
