import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number between 1 and 65535' })
    .int('must be a port number between 1 and 65535')
    .min(1, 'must be a port number between 1 and 65535')
    .max(65535, 'must be a port number between 1 and 65535')
    .default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MONGODB_URI: z
    .string({ error: 'is required (npm start sets it for the embedded FerretDB)' })
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://'),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as http://127.0.0.1:9000' }),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a valid bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .default('sakura-dash'),
  S3_ACCESS_KEY: z.string({ error: 'is required' }).min(1, 'is required'),
  S3_SECRET_KEY: z.string({ error: 'is required' }).min(1, 'is required'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.default(true),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The secret before the last rotation: cookies it signed stay valid until they expire. */
  SESSION_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as https://nav.example.com' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  // How many reverse proxies sit in front of the app: `true` = 1. Only then is X-Forwarded-For believed.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxy hops')
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  SUGGEST_GOOGLE_URL: z.url().default('https://suggestqueries.google.com/complete/search'),
  SUGGEST_BAIDU_URL: z.url().default('https://www.baidu.com/sugrec'),
  SUGGEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1500),
  /** The deadline for reading a page for "add by URL" (tests shorten it to prove the slow-page answer). */
  SITE_PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Outbound requests may reach private networks whatever the admin setting says (LAN-only installs, tests). */
  OUTBOUND_ALLOW_PRIVATE: bool.default(false),
  /** Check a site card online right after it is saved with a new URL (off in unit tests, which opt in). */
  ONLINE_CHECK_ON_SAVE: bool.default(true),
  DB_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How long settings and similar rarely-changing records are trusted before being read again. */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** How long a visitor's page is shared with other visitors (0: every request renders its own). */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Keep a signed-in dashboard's HTML by the data it was rendered from (app/lib/render-memo.server.ts). */
  RENDER_MEMO: bool.default(true),
  /** Bytes of data spaces kept in memory (all users together); least recently read spaces are dropped first. */
  SPACE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(192 * 1024 * 1024),
  /**
   * How long a cached data space is served before the database is asked whether another app instance changed it
   * (two `_id` lookups; writes of this instance are in the copy at once).
   */
  SPACE_RECHECK_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /**
   * Set by `npm start` for its embedded database: this instance must be the only one on it (a second one refuses
   * to start). Several instances need MongoDB (docs/decisions.md "One app instance on the embedded store").
   */
  SINGLE_INSTANCE: bool.default(false),
  /**
   * log2 of scrypt's cost N for new password hashes (15: N = 32768, about 100 ms of one core). Each hash stores its
   * own parameters, so changing it only affects passwords set afterwards. The test command lowers it: a test suite
   * signs in hundreds of times and needs no protection against offline guessing.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /**
   * How long a page's message (toast) stays before it leaves, in ms. The browser tests lengthen it, so a message is
   * never gone before a slow machine reads it.
   */
  TOAST_MS: z.coerce.number().int().min(1000).max(600_000).default(8000),
  /** `GET /metrics` (Prometheus) answers only with this bearer token; unset, it is off (404). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Days user snapshots are kept before they expire. */
  SNAPSHOT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * A folder on the server that scheduled backups may be written to instead of the bucket (docs/decisions.md §73):
   * set here by whoever runs the server, never typed in the browser. Unset: backups go to the bucket only.
   */
  BACKUP_DIR: z.string().min(1).optional(),
  /**
   * How often an open MCP SSE stream checks that its session and its opener's token still stand; a revoked token's
   * stream ends within this (tests shorten it).
   */
  MCP_SSE_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** How often an open MCP SSE stream looks for messages relayed to it by other requests (tests shorten it). */
  MCP_SSE_POLL_MS: z.coerce.number().int().min(5).max(5_000).default(150),
  /** How often each instance asks whether a scheduled backup is due (tests shorten it). */
  BACKUP_TICK_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** Bytes of memoised lists and search results derived from the cached spaces. */
  SPACE_MEMO_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(32 * 1024 * 1024),
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; DATA_DIR: string };

/** One line per problem: `VARIABLE: what is wrong`. */
export function formatEnvError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`).join('; ');
}

/** Reads the session secret from DATA_DIR, creating it on first run. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.session-secret');
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('hex');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (e.g. `SESSION_SECRET=` from a compose file) means "not set".
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) throw new EnvError(formatEnvError(parsed.error));
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    BACKUP_DIR: parsed.data.BACKUP_DIR ? path.resolve(parsed.data.BACKUP_DIR) : undefined,
    SESSION_SECRET: parsed.data.SESSION_SECRET ?? persistentSecret(dataDir),
  };
}

export class EnvError extends Error {
  override name = 'EnvError';
}

let cached: Env | undefined;

/** The validated environment; parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Validates the environment at boot. On failure prints one human line and exits with code 1, never a stack trace.
 */
export function loadEnvOrExit(): Env {
  try {
    return env();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
