import type { Language } from './language.shared';

export type Role = 'admin' | 'user';

/** The setup admin's id; their data space is also what visitors see. */
export const ADMIN_ID = '__admin__';

/** Who is calling: resolved once per request from a Bearer token or the session cookie. */
export interface Actor {
  userId: string;
  username: string;
  role: Role;
  via: 'session' | 'token';
  sessionId?: string;
  tokenId?: string;
  /** A read-only token may only read. */
  readOnly?: boolean;
  /**
   * Set when an administrator opened this account (a session they switched into): such a session may use the
   * account but not change its credentials or mint tokens (docs/decisions.md "Administrators opening accounts").
   */
  impersonatedBy?: string;
  /**
   * The language the caller writes in, set by the door they came through (app/lib/request-locale.server.ts): a page's
   * interface language; for the API and MCP their saved choice, else Accept-Language when it names English or
   * Chinese, else COMPAT_LANGUAGE (also when unset). Names the system gives their new records are written in it.
   */
  lang?: Language;
}

/** The data space an actor reads and writes; visitors read the admin's space. */
export function spaceOf(actor: Actor | null | undefined): string {
  return actor?.userId ?? ADMIN_ID;
}
