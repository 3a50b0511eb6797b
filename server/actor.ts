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
}

/** The data space an actor reads and writes; visitors read the admin's space. */
export function spaceOf(actor: Actor | null | undefined): string {
  return actor?.userId ?? ADMIN_ID;
}
