// An OpenID Connect provider that signs its ID tokens the way a test asks: correctly, with a key it does not publish,
// for another audience or issuer, expired, with the client secret (HS256) or unsigned. The authorization endpoint
// approves at once; userinfo names the same subject as the ID token.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export type IdTokenMode =
  'good' | 'foreign-key' | 'other-audience' | 'other-issuer' | 'expired' | 'hs256' | 'none';

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  mode: IdTokenMode;
  close(): Promise<void>;
}

export async function startOidcStandIn(): Promise<OidcStandIn> {
  const published = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: OidcStandIn = {
    issuer,
    clientId: 'stand-in-client',
    clientSecret: 'stand-in-secret-0123456789abcdef',
    mode: 'good',
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function idToken(): Promise<string> {
    const m = state.mode;
    if (m === 'none') {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      return `${part({ alg: 'none' })}.${part({ iss: issuer, aud: state.clientId, sub: 'eve', exp: now + 300, iat: now })}.`;
    }
    const jwt = new SignJWT({ name: 'Eve Example' })
      .setSubject('eve')
      .setIssuer(m === 'other-issuer' ? 'https://elsewhere.example' : issuer)
      .setAudience(m === 'other-audience' ? 'another-client' : state.clientId)
      .setIssuedAt()
      .setExpirationTime(m === 'expired' ? Math.floor(Date.now() / 1000) - 3600 : '5m');
    if (m === 'hs256') {
      return jwt.setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(state.clientSecret));
    }
    const key: CryptoKey = m === 'foreign-key' ? foreign.privateKey : published.privateKey;
    return jwt.setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(key);
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'stand-in-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token') {
      req.resume();
      req.on('end', () => {
        void idToken().then((id_token) =>
          json({ access_token: 'stand-in-access', token_type: 'Bearer', expires_in: 300, id_token }),
        );
      });
      return;
    }
    if (url.pathname === '/userinfo') return json({ sub: 'eve', name: 'Eve Example' });
    res.writeHead(404).end();
  });
  return state;
}
