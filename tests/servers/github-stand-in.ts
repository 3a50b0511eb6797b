// A GitHub-like OAuth server (GitHub Enterprise paths: /login/oauth/*, /api/v3/*) on 127.0.0.1. The "user at
// GitHub" is whoever the test sets; the authorize page approves at once (or denies when told to).
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startStandIn, type StandIn } from './http-server';

export interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url?: string;
}

export interface GitHubStandIn extends StandIn {
  clientId: string;
  clientSecret: string;
  /** Who is signed in at "GitHub" when the app sends the browser there. */
  user: GitHubUser;
  /** Answer the next authorizations with `error=access_denied`. */
  deny: boolean;
}

export async function startGitHubStandIn(): Promise<GitHubStandIn> {
  const codes = new Map<string, { user: GitHubUser; challenge: string | null; redirectUri: string }>();
  const tokens = new Map<string, GitHubUser>();
  const defaults = {
    clientId: 'gh-client-id',
    clientSecret: 'gh-client-secret-abcdef123456',
    user: { id: 1001, login: 'octo', name: 'Octo Cat', email: null } as GitHubUser,
    deny: false,
  };
  const json = (res: ServerResponse, status: number, body: unknown): void =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const standIn = await startStandIn((req, res): void => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (state.deny || url.searchParams.get('client_id') !== state.clientId) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(8).toString('hex');
        codes.set(code, {
          user: { ...state.user },
          challenge: url.searchParams.get('code_challenge'),
          redirectUri: back.origin + back.pathname,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      const form = new URLSearchParams(req.body);
      if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
        return json(res, 200, { error: 'incorrect_client_credentials' });
      }
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant) return json(res, 200, { error: 'bad_verification_code' });
      const verifier = form.get('code_verifier') ?? '';
      if (grant.challenge && createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
        return json(res, 200, {
          error: 'bad_verification_code',
          error_description: 'PKCE verification failed',
        });
      }
      if (form.get('redirect_uri') !== grant.redirectUri)
        return json(res, 200, { error: 'redirect_uri_mismatch' });
      const token = `gho_${randomBytes(12).toString('hex')}`;
      tokens.set(token, grant.user);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (url.pathname === '/api/v3/user')
      return user ? json(res, 200, user) : json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user/emails') {
      return user
        ? json(res, 200, [{ email: `${user.login}@users.example.test`, primary: true, verified: true }])
        : json(res, 401, { message: 'Bad credentials' });
    }
    json(res, 404, { message: 'Not Found' });
  });
  const state: GitHubStandIn = Object.assign(standIn, defaults);
  return state;
}
