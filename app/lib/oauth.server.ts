// The browser side of signing in through a provider: the start redirect (bind mode when a signed-in user starts
// it from the profile page) and the callback, which signs in, signs up or binds and always answers with a
// redirect: a failed, forged or expired callback lands on /login (or /profile for a binding) with a reason.
import { serialize } from 'cookie';
import { authenticate } from '#server/auth/authenticate';
import { requireAccountHolder } from '#server/auth/permissions';
import { isAppError } from '#server/errors';
import { isSecureRequest, readCookies } from '#server/auth/request';
import { logger } from '#server/logger';
import { bindProvider, signInWithProvider } from '#server/oauth/oauth-accounts.service';
import { STATE_COOKIE, finishOAuth, startOAuth } from '#server/oauth/oauth.flow';
import { OAuthFailure, type OAuthFailureReason } from '#server/oauth/oauth.http';
import { flashCookie } from './flash.server';
import { headersWithCookies } from './forms.server';
import { completeSignIn } from './session.server';
import { readSigned, serializeSigned, signedCookie } from './signed-cookies.server';

/** Signed `{userId}`: the flow was started by this signed-in user to bind an account (not to sign in). */
const BIND_COOKIE = 'oauth_bind';
const bindCookie = () => signedCookie(BIND_COOKIE, 10 * 60);

function clearBind(request: Request): string {
  return serialize(BIND_COOKIE, '', {
    path: '/',
    maxAge: 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
  });
}

/** Clears every state cookie of started attempts (one per attempt: `oauth_state:<id>`). */
function clearStates(request: Request): string[] {
  return Object.keys(readCookies(request))
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`))
    .map((name) =>
      serialize(name, '', {
        path: '/api/auth/oauth',
        maxAge: 0,
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecureRequest(request),
      }),
    );
}

function go(to: string, cookies: string[]): Response {
  return new Response(null, {
    status: 302,
    headers: headersWithCookies(cookies, { Location: to, 'Cache-Control': 'no-store' }),
  });
}

const loginError = (reason: OAuthFailureReason) => `/login?oauth=error&reason=${reason}`;

/** Why a flow failed, as the reason its page shows; a refused binding (an administrator's look) is `holder`. */
function reasonOf(err: unknown): OAuthFailureReason {
  if (err instanceof OAuthFailure) return err.reason;
  return isAppError(err) && err.code === 'forbidden' ? 'holder' : 'provider';
}

/** `GET /api/auth/oauth/<provider>[?mode=login]`: the redirect to the provider. */
export async function oauthStart(request: Request, provider: string): Promise<Response> {
  const { actor } = await authenticate(request);
  const mode = new URL(request.url).searchParams.get('mode');
  const binding = Boolean(actor && actor.via === 'session' && mode !== 'login');
  try {
    // Refused before the provider is asked: only the account's holder may add a way to sign in to it.
    if (binding) requireAccountHolder(actor);
    const res = await startOAuth(request, provider);
    const headers = new Headers(res.headers);
    headers.set('Cache-Control', 'no-store');
    headers.append(
      'Set-Cookie',
      binding ? await serializeSigned(bindCookie(), request, { userId: actor!.userId }) : clearBind(request),
    );
    return new Response(null, { status: res.status, headers });
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === 'provider' && !(err instanceof OAuthFailure))
      logger.error('oauth', 'starting a sign-in failed', { provider, error: String(err) });
    return go(binding ? `/profile?oauth=error&reason=${reason}#connections` : loginError(reason), []);
  }
}

/** `GET /api/auth/oauth/<provider>/callback`: signs in, signs up or binds; never an error page. */
export async function oauthCallback(request: Request, provider: string): Promise<Response> {
  const cookies = [...clearStates(request), clearBind(request)];
  const bind = (await readSigned(bindCookie(), request)) as { userId?: unknown } | null;
  const bindUserId = typeof bind?.userId === 'string' ? bind.userId : null;
  try {
    const { key, profile } = await finishOAuth(request, provider);
    if (bindUserId) {
      const { actor } = await authenticate(request);
      if (!actor || actor.userId !== bindUserId)
        throw new OAuthFailure('session', 'Sign in again to bind an account');
      const added = await bindProvider(actor, key, profile);
      return go(added ? '/profile?oauth=bound#connections' : '/profile#connections', cookies);
    }
    const { userId, created } = await signInWithProvider(key, profile);
    cookies.push(...(await completeSignIn(request, userId, { persistent: true })));
    cookies.push(
      await flashCookie(request, {
        kind: 'success',
        key: created ? 'oauth.flash.signedUp' : 'oauth.flash.signedIn',
        values: { provider: key },
      }),
    );
    return go(created ? '/profile?oauth=welcome' : '/', cookies);
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === 'provider' && !(err instanceof OAuthFailure)) {
      logger.error('oauth', 'a provider callback failed', { provider, error: String(err) });
    } else {
      logger.info('oauth', 'a provider callback was refused', {
        provider,
        reason,
        message: err instanceof Error ? err.message : String(err),
      });
    }
    if (bindUserId) {
      const to = reason === 'conflict' ? '/profile?oauth=conflict' : `/profile?oauth=error&reason=${reason}`;
      return go(`${to}#connections`, cookies);
    }
    return go(loginError(reason), cookies);
  }
}
