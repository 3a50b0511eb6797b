import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { EnvSchema } from '#server/env';

const KEY_LENGTH = 64;
/**
 * scrypt's parameters for new hashes: N = 2^PASSWORD_HASH_COST (15 unless configured), r = 8, p = 1. Read on its own
 * rather than through env(): scripts that create accounts without the app's environment (seeders, browser tests)
 * hash passwords too.
 */
const hashParams = () => ({
  N: 2 ** EnvSchema.shape.PASSWORD_HASH_COST.parse(process.env.PASSWORD_HASH_COST || undefined),
  r: 8,
  p: 1,
});

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFKC'),
      salt,
      keylen,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** scrypt, stored as `scrypt$N$r$p$salt$key` so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = hashParams();
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Verifies a password against our format or the older service's `saltHex:keyHex` (N=16384, r=8, p=1), so
 * imported accounts keep working.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so unknown users are not distinguishable by timing.
    await scrypt(password, randomBytes(16), KEY_LENGTH, hashParams());
    return false;
  }
  let salt: Buffer;
  let expected: Buffer;
  let params: ScryptOptions;
  if (stored.startsWith('scrypt$')) {
    const [, n, r, p, s, k] = stored.split('$');
    salt = Buffer.from(s ?? '', 'base64');
    expected = Buffer.from(k ?? '', 'base64');
    params = { N: Number(n), r: Number(r), p: Number(p) };
  } else {
    const [s, k] = stored.split(':');
    salt = Buffer.from(s ?? '', 'hex');
    expected = Buffer.from(k ?? '', 'hex');
    params = { N: 16384, r: 8, p: 1 };
  }
  if (expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, params);
  return timingSafeEqual(actual, expected);
}
