// A real OpenID Connect provider (oidc-provider, the certified implementation) on 127.0.0.1, for sign-in tests.
// Its development login form accepts any account id; consent is granted automatically (a first-party client).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** Display names of the accounts the provider knows (any other id signs in as `User <id>`). */
export const OIDC_NAMES: Record<string, string> = { alice: 'Alice Example', bob: 'Bob Example' };

export async function startOidcServer(options: {
  redirectUris: string[];
  port?: number;
}): Promise<OidcServer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'sakura-dash';
  const clientSecret = 'oidc-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        name: OIDC_NAMES[id] ?? `User ${id}`,
        email: `${id}@example.test`,
        email_verified: true,
      }),
    }),
    // First-party client: consent is implied, so a sign-in is one login form.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the user at the provider: opens the authorization URL, signs in as `account` on the development login form
 * and returns where the provider sends the browser back (the app's callback URL with code and state).
 */
export async function oidcSignIn(authorizeUrl: string, account: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  let url = authorizeUrl;
  for (let step = 0; step < 10; step++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(new URL(authorizeUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (/name="login"/.test(html)) {
      const action = /action="([^"]+)"/.exec(html)![1]!;
      const post = await send(new URL(action, url).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: account, password: 'any' }).toString(),
      });
      url = new URL(post.headers.get('location')!, url).toString();
      continue;
    }
    throw new Error(`unexpected page at the provider (${res.status}): ${html.slice(0, 300)}`);
  }
  throw new Error('too many steps at the provider');
}
