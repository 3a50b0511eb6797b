// A "trusted device" is a browser that has signed in successfully as a user before. It carries a signed list of
// those user ids (app/lib/session.server.ts keeps it in a signed cookie), and failed-login limits per username do
// not apply to it: an attacker guessing a victim's password from elsewhere can slow down new devices but never lock
// the victim out of browsers they already use. This file holds the list's rules; the signing is the cookie's.

export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 10;

export interface TrustedEntry {
  /** User id. */
  u: string;
  /** Expiry, epoch milliseconds. */
  e: number;
}

/** The unexpired entries of a verified cookie value (anything else reads as none). */
export function liveEntries(value: unknown): TrustedEntry[] {
  if (!Array.isArray(value)) return [];
  const now = Date.now();
  return value.filter(
    (x): x is TrustedEntry =>
      typeof x === 'object' && x !== null && typeof x.u === 'string' && typeof x.e === 'number' && x.e > now,
  );
}

/** User ids this browser has signed in as. */
export function trustedUserIds(value: unknown): string[] {
  return liveEntries(value).map((e) => e.u);
}

/** The list after a successful sign-in as `userId` (newest first, at most ten users). */
export function trustDevice(value: unknown, userId: string): TrustedEntry[] {
  const entries = liveEntries(value).filter((e) => e.u !== userId);
  entries.unshift({ u: userId, e: Date.now() + TRUSTED_DEVICE_TTL_MS });
  return entries.slice(0, MAX_ENTRIES);
}
