import { parse as parseCookies } from 'cookie';

/** Set by scripts/serve.mjs from the socket (or X-Forwarded-For with TRUST_PROXY); clients cannot choose it. */
export const CLIENT_IP_HEADER = 'x-sakura-client-ip';

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.replace(/^::ffff:/, '') || 'unknown';
}

export function userAgent(request: Request): string | null {
  return request.headers.get('user-agent');
}

export function readCookies(request: Request): Record<string, string | undefined> {
  const header = request.headers.get('cookie');
  return header ? parseCookies(header) : {};
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}
