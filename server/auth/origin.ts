// Which address a request may be believed to have reached the site at. The Host header (or X-Forwarded-Host behind
// a trusted proxy) is whatever the client wrote, so it is believed only for addresses that cannot be someone
// else's site: CSRF compares a browser's Origin with it, OAuth builds its redirect_uri from it, pages show it.
import { env } from '../env';

/** Set by scripts/lib/http-app.mjs from the socket: the address and port the connection arrived at. */
export const LOCAL_ADDRESS_HEADER = 'x-sakura-local-address';

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** Whether the URL names the address and port its connection arrived at (`10.0.0.2:3000`, `[fe80::1]:3000`). */
function isListeningAddress(url: URL, local: string | null): boolean {
  if (!local) return false;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}` === local;
}

/**
 * This request's trusted origin: with `PUBLIC_URL` set, its origin and nothing else; without it, the request's own
 * origin when it names a loopback host (`localhost`, `127.x.x.x`, `[::1]`, any port) or the address and port the
 * connection arrived at (a LAN address the server listens on); otherwise null, for a Host the client chose
 * (`Host: evil.example`, or a reverse proxy's public name: set PUBLIC_URL behind a proxy).
 */
export function trustedOrigin(request: Request, publicUrl = env().PUBLIC_URL): string | null {
  if (publicUrl) return new URL(publicUrl).origin;
  const url = new URL(request.url);
  if (isLoopback(url.hostname) || isListeningAddress(url, request.headers.get(LOCAL_ADDRESS_HEADER)))
    return url.origin;
  return null;
}
