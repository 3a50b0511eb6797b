import { trustedOrigin } from '#server/auth/origin';
import { env } from '#server/env';

/**
 * The address pages show for this site (API examples, MCP settings): the request's trusted origin, else this
 * machine's own `http://localhost:<PORT>`, never a Host the client chose.
 */
export function publicOrigin(request: Request): string {
  return trustedOrigin(request) ?? `http://localhost:${env().PORT}`;
}
