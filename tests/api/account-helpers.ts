// Helpers shared by the account API tests.
import { Client } from '../setup/client';
import { PASSWORD } from '../factories';
import { onTestFinished } from 'vitest';
import { restoreClock, skipAhead } from '../setup/clock';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let ipCounter = 0;
/** A fresh client address, so per-address rate limits of one test do not affect another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A browser-like client signed in through POST /api/auth/login. */
export async function loginClient(
  username: string,
  options: { password?: string; rememberMe?: boolean; client?: Client } = {},
): Promise<Client> {
  const c = options.client ?? new Client({ ip: freshIp() });
  const res = await c.post('/api/auth/login', {
    username,
    password: options.password ?? PASSWORD,
    rememberMe: options.rememberMe,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return c;
}

/** A multipart body with one file field. */
export function fileForm(
  bytes: Buffer | Uint8Array,
  filename: string,
  type: string,
  field = 'file',
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/**
 * Rate limits count in fixed windows of Date.now() (one minute per address, 15 minutes per username): when less
 * than `marginMs` of the current window remain, the test process's clock (the app's too) moves to the start of the
 * next window instead of waiting for it, so a slow run does not cross into another window. Put back after the test.
 */
export function awayFromWindowEnd(windowMs: number, marginMs: number): void {
  const left = windowMs - (Date.now() % windowMs);
  if (left >= marginMs) return;
  skipAhead(left + 1);
  onTestFinished(restoreClock);
}
