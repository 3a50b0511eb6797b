// Per test file, before it is imported: point this worker at its own database, bucket and data directory.
import { afterAll, beforeAll } from 'vitest';

const pool = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '1';
// Ports of the local stand-in servers tests start; configurable so two checkouts can run their tests at once.
const auxBase = Number(process.env.TEST_AUX_PORT_BASE ?? 39000);
const base = process.env.TEST_MONGODB_BASE;
if (!base) throw new Error('TEST_MONGODB_BASE is not set: run the tests with `npm test`');

Object.assign(process.env, {
  NODE_ENV: 'test',
  MONGODB_URI: `${base}/sakura_test_w${pool}`,
  S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
  S3_ACCESS_KEY: process.env.TEST_S3_ACCESS_KEY,
  S3_SECRET_KEY: process.env.TEST_S3_SECRET_KEY,
  S3_BUCKET: `sakura-test-w${pool}`,
  S3_REGION: 'us-east-1',
  DATA_DIR: `.tmp/test-data/w${pool}`,
  // The server folder scheduled backups may go to, and a scheduler tick the backup tests wait a few of.
  BACKUP_DIR: `.tmp/test-data/w${pool}/backups`,
  BACKUP_TICK_MS: '25',
  // A revoked token's SSE stream ends at the next check: tests wait for that end.
  MCP_SSE_CHECK_MS: '100',
  MCP_SSE_POLL_MS: '20',
  SESSION_SECRET: 'test-secret-'.padEnd(64, 'x'),
  CACHE_TTL_MS: '0',
  // Every read of a cached space asks the database whether another instance (the test process's own copy of the
  // read model beside the built app's) wrote it: no test waits for a recheck interval.
  SPACE_RECHECK_MS: '0',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // Outside suggestion engines: local HTTP servers that tests start on these ports when they need one.
  SUGGEST_GOOGLE_URL: `http://127.0.0.1:${auxBase + 100 + Number(pool)}/complete/search`,
  SUGGEST_BAIDU_URL: `http://127.0.0.1:${auxBase + 200 + Number(pool)}/sugrec`,
  SUGGEST_TIMEOUT_MS: '500',
  // Every stand-in server listens on loopback; tests of the refusals pass their own policy.
  OUTBOUND_ALLOW_PRIVATE: 'true',
  // The slow-page answer of "add by URL" comes at this deadline rather than after 8 s.
  SITE_PREVIEW_TIMEOUT_MS: '2000',
  // Background checks after each save would write to cards other tests are looking at; the tests of it opt in.
  ONLINE_CHECK_ON_SAVE: 'false',
});

beforeAll(async () => {
  const { connectDb } = await import('#server/db');
  const { ensureBucket } = await import('#server/storage');
  await connectDb();
  await ensureBucket();
});

afterAll(async () => {
  const { disconnectDb } = await import('#server/db');
  await disconnectDb();
});
