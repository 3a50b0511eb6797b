// Provider HTTP calls, all through the safe outbound client (the admin's private-network allowance applies, so an
// identity provider on the LAN works once the admin allows it).
import { OutboundError, safeFetch } from '../net/safe-fetch';
import { parseJson } from '../parsing/json-bounded';

/** Why a sign-in through a provider failed; `reason` picks the message the sign-in page shows. */
export type OAuthFailureReason =
  | 'unavailable' // unknown or disabled provider
  | 'state' // state missing or not matching (a forged or replayed callback, or an expired attempt)
  | 'denied' // the user or the provider refused (error=... on the callback)
  | 'provider' // the provider's answer was an error or unusable
  | 'conflict' // the provider account is bound to another user
  | 'taken' // the user already has another account of this provider bound
  | 'session' // a binding was started by a user who is no longer signed in
  | 'holder'; // a binding asked for by an administrator who opened the account (only its holder may add one)

export class OAuthFailure extends Error {
  override name = 'OAuthFailure';
  constructor(
    readonly reason: OAuthFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  query?: Record<string, string>;
}

/** Calls a provider endpoint and returns its JSON answer (any status; callers read the provider's error fields). */
export async function providerJson(
  url: string,
  req: ProviderRequest = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const target = new URL(url);
  for (const [k, v] of Object.entries(req.query ?? {})) target.searchParams.set(k, v);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'SakuraDash-OAuth',
    ...req.headers,
  };
  let body: string | undefined;
  if (req.form) {
    body = new URLSearchParams(req.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers['content-type'] = 'application/json';
  }
  let res;
  try {
    res = await safeFetch(target, {
      method: req.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      timeoutMs: 10_000,
      maxBytes: 512 * 1024,
      onTooLarge: 'error',
      maxRedirects: 0,
    });
  } catch (err) {
    if (err instanceof OutboundError) {
      // The detail: this message reaches only the log and the administrator's "Test connection".
      throw new OAuthFailure('provider', `The provider could not be reached: ${err.detail}`);
    }
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = parseJson(res.text(), "The provider's answer");
  } catch {
    throw new OAuthFailure(
      'provider',
      `The provider answered with something other than JSON (HTTP ${res.status})`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    // Arrays are fine for some endpoints (GitHub's e-mail list): wrap them.
    return { status: res.status, body: { items: parsed } };
  }
  return { status: res.status, body: parsed as Record<string, unknown> };
}

/** A string field of a provider answer, or null. */
export function str(o: Record<string, unknown> | undefined, key: string): string | null {
  const v = o?.[key];
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** An object field of a provider answer, or an empty object. */
export function obj(o: Record<string, unknown> | undefined, key: string): Record<string, unknown> {
  const v = o?.[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
