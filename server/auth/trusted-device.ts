import { env } from '../env';
import { hmacHex, safeEqual } from './crypto';

// A "trusted device" is a browser that has signed in successfully as a user before. It carries a signed list of
// those user ids, and failed-login limits per username do not apply to it: an attacker guessing a victim's password
// from elsewhere can slow down new devices but never lock the victim out of browsers they already use.

const TTL_MS = 180 * 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 10;

interface Entry {
  u: string;
  /** Expiry, epoch milliseconds. */
  e: number;
}

function sign(payload: string): string {
  return hmacHex(env().SESSION_SECRET, `device:${payload}`).slice(0, 40);
}

function decode(value: string | undefined | null): Entry[] {
  if (!value || value.length > 4096) return [];
  const [payload, sig] = value.split('.');
  if (!payload || !sig || !safeEqual(sig, sign(payload))) return [];
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed)) return [];
    const now = Date.now();
    return parsed.filter(
      (x): x is Entry =>
        typeof x === 'object' &&
        x !== null &&
        typeof x.u === 'string' &&
        typeof x.e === 'number' &&
        x.e > now,
    );
  } catch {
    return [];
  }
}

/** User ids this browser has signed in as (from a verified cookie value). */
export function trustedUserIds(value: string | undefined | null): string[] {
  return decode(value).map((e) => e.u);
}

/** The cookie value after a successful sign-in as `userId`. */
export function trustDevice(value: string | undefined | null, userId: string): string {
  const entries = decode(value).filter((e) => e.u !== userId);
  entries.unshift({ u: userId, e: Date.now() + TTL_MS });
  const payload = Buffer.from(JSON.stringify(entries.slice(0, MAX_ENTRIES))).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

export const TRUSTED_DEVICE_TTL_MS = TTL_MS;
