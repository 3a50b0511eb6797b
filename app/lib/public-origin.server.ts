import { env } from '#server/env';

/** The address people reach this site at: PUBLIC_URL when set (behind a proxy), else the request's own origin. */
export function publicOrigin(request: Request): string {
  return env().PUBLIC_URL ?? new URL(request.url).origin;
}
