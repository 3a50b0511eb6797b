// Starts and stops the embedded store (FerretDB on an embedded PostgreSQL) and MinIO on loopback. Idempotent: a
// service whose pid file names a live process that answers on its port is left alone. Skipped when MONGODB_URI /
// S3_ENDPOINT point at external servers. docs/decisions.md §1 and "The embedded store, chosen by measurement".
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
  rmSync,
  openSync,
  closeSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { ROOT, binPath, ensureTools } from './tools.mjs';
import { portOpen } from './net.mjs';
import { waitFor } from './wait.mjs';

export { portOpen };
import {
  clearStaleLock,
  ensureCluster,
  hydratePostgres,
  postgresAccount,
  postgresArgs,
  postgresPassword,
  postgresUrl,
  walSegmentMbOf,
  postmasterStatus,
  preparePostgres,
  spawnPostgres,
} from './postgres.mjs';
import { legacySqliteDir, migrateLegacySqlite } from './sqlite-migration.mjs';

const HOST = '127.0.0.1';

/** Embedded defaults for one profile; every value can be overridden by the environment. */
export function profileConfig(profile = 'dev', env = process.env) {
  const isTest = profile === 'test';
  const dataDir = path.resolve(
    ROOT,
    isTest ? (env.TEST_DATA_DIR ?? '.tmp/test-services') : (env.DATA_DIR ?? 'data'),
  );
  return {
    profile,
    dataDir,
    ferretPort: Number(env[isTest ? 'TEST_FERRETDB_PORT' : 'FERRETDB_PORT'] ?? (isTest ? 27028 : 27027)),
    // Not 5432: that is where a machine's own PostgreSQL listens.
    postgresPort: Number(env[isTest ? 'TEST_POSTGRES_PORT' : 'POSTGRES_PORT'] ?? (isTest ? 5434 : 5433)),
    minioPort: Number(env[isTest ? 'TEST_MINIO_PORT' : 'MINIO_PORT'] ?? (isTest ? 9011 : 9010)),
    bucket: env.S3_BUCKET ?? (isTest ? 'sakura-test' : 'sakura-dash'),
    externalMongo: isTest ? false : Boolean(env.MONGODB_URI),
    externalS3: isTest ? false : Boolean(env.S3_ENDPOINT),
    dbName: isTest ? 'sakura_test' : 'sakura',
    // The test servers are thrown away after each run and never killed under a test (the crash tests run
    // `npm start` with servers of their own): their commits need not wait for the disk.
    ...(isTest
      ? { postgresSettings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } }
      : {}),
  };
}

function runDir(cfg) {
  return path.join(cfg.dataDir, 'run');
}

/** Where each store keeps its files under the profile's data directory. */
export function storeDirs(cfg) {
  return {
    postgres: path.join(cfg.dataDir, 'postgres'),
    ferretState: path.join(cfg.dataDir, 'ferretdb-state'),
    minio: path.join(cfg.dataDir, 'minio'),
  };
}

function log(message) {
  process.stderr.write(`[services] ${message}\n`);
}

/** MinIO root credentials, generated once per data directory. */
export function minioCredentials(cfg) {
  const file = path.join(cfg.dataDir, '.minio-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(cfg.dataDir, { recursive: true });
  const creds = {
    accessKey: `sakura${randomBytes(6).toString('hex')}`,
    secretKey: randomBytes(24).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

/** The environment the app needs to reach the services of this profile. */
export function appEnv(cfg, env = process.env) {
  const out = { DATA_DIR: cfg.dataDir };
  if (!cfg.externalMongo) out.MONGODB_URI = `mongodb://${HOST}:${cfg.ferretPort}/${cfg.dbName}`;
  if (!cfg.externalS3) {
    const creds = minioCredentials(cfg);
    out.S3_ENDPOINT = `http://${HOST}:${cfg.minioPort}`;
    out.S3_ACCESS_KEY = creds.accessKey;
    out.S3_SECRET_KEY = creds.secretKey;
    out.S3_BUCKET = cfg.bucket;
    out.S3_REGION = env.S3_REGION ?? 'us-east-1';
  }
  return out;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readPid(cfg, name) {
  const file = path.join(runDir(cfg), `${name}.pid`);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8'));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/**
 * The services of a profile in start order (a service starts once those it `needs` are ready) with how to stop each:
 * FerretDB before PostgreSQL, whose fast shutdown (SIGINT) disconnects clients and writes a checkpoint.
 */
function serviceSpecs(cfg) {
  const specs = [];
  const dirs = storeDirs(cfg);
  if (!cfg.externalMongo) {
    const account = postgresAccount();
    let walSegmentMb;
    specs.push({
      name: 'postgres',
      port: cfg.postgresPort,
      portEnv: cfg.profile === 'test' ? 'TEST_POSTGRES_PORT' : 'POSTGRES_PORT',
      needs: [],
      stopSignal: 'SIGINT',
      stopTimeoutMs: 60_000,
      identify: (pid) => (cmdline(pid).includes(dirs.postgres) ? 'current' : null),
      prepare: async () => {
        hydratePostgres();
        mkdirSync(cfg.dataDir, { recursive: true });
        // The account PostgreSQL runs as (as root) must be able to pass through the data folder.
        if (account && (statSync(cfg.dataDir).mode & 0o001) === 0) {
          chmodSync(cfg.dataDir, statSync(cfg.dataDir).mode | 0o011);
        }
        ensureCluster(dirs.postgres, postgresPassword(cfg.dataDir), account, log, cfg.postgresWalSegmentMb);
        // Before `postgres -C`: it too refuses while a lock left by a hard kill names a postmaster still exiting.
        await clearStaleLock(dirs.postgres);
        walSegmentMb = walSegmentMbOf(dirs.postgres, account);
      },
      // Right after a hard kill the old backends may still hold the shared memory for a moment.
      startAttempts: 5,
      spawn: (fd) =>
        spawnPostgres(
          account,
          postgresArgs(dirs.postgres, cfg.postgresPort, cfg.postgresSettings, walSegmentMb),
          fd,
        ),
      // Accepting TCP connections is not enough: during crash recovery it answers "starting up".
      ready: async () =>
        postmasterStatus(dirs.postgres)?.status === 'ready' && (await portOpen(cfg.postgresPort)),
      afterReady: () =>
        preparePostgres(cfg.postgresPort, postgresPassword(cfg.dataDir), {
          ginCompanions: cfg.postgresGinCompanions ?? true,
        }),
    });
    specs.push({
      name: 'ferretdb',
      port: cfg.ferretPort,
      portEnv: cfg.profile === 'test' ? 'TEST_FERRETDB_PORT' : 'FERRETDB_PORT',
      needs: ['postgres'],
      stopSignal: 'SIGTERM',
      stopTimeoutMs: 10_000,
      // A FerretDB of an older version (SQLite handler) still running from this data folder is replaced.
      identify: (pid) => {
        const args = cmdline(pid);
        if (!args[0]?.endsWith('ferretdb') || !args.some((a) => a.includes(cfg.dataDir))) return null;
        return args.includes('--handler=postgresql') ? 'current' : 'older';
      },
      prepare: () => mkdirSync(dirs.ferretState, { recursive: true }),
      spawn: (fd) =>
        spawn(
          binPath('ferretdb'),
          [
            '--handler=postgresql',
            `--listen-addr=${HOST}:${cfg.ferretPort}`,
            `--state-dir=${dirs.ferretState}`,
            '--debug-addr=-',
            '--telemetry=disable',
            '--log-level=warn',
          ],
          {
            detached: true,
            stdio: ['ignore', fd, fd],
            // In the environment rather than on the command line, so the password does not show in `ps`.
            env: {
              ...process.env,
              // Pooled connections idle for a minute are closed (pgx keeps them 30 minutes by default): each is a
              // PostgreSQL backend of ~6 MB, and a burst of writes leaves 20-30 of them (decisions §26).
              FERRETDB_POSTGRESQL_URL: `${postgresUrl(cfg.postgresPort, postgresPassword(cfg.dataDir))}?pool_max_conn_idle_time=1m`,
              // Collects garbage a quarter as often: reads of many documents take ~25% less CPU for ~10 MB (§56).
              GOGC: '400',
            },
          },
        ),
      ready: () => portOpen(cfg.ferretPort),
    });
  }
  if (!cfg.externalS3) {
    const dir = dirs.minio;
    specs.push({
      name: 'minio',
      port: cfg.minioPort,
      portEnv: cfg.profile === 'test' ? 'TEST_MINIO_PORT' : 'MINIO_PORT',
      needs: [],
      stopSignal: 'SIGTERM',
      stopTimeoutMs: 10_000,
      identify: (pid) => (cmdline(pid).includes(dir) ? 'current' : null),
      prepare: () => mkdirSync(dir, { recursive: true }),
      spawn: (fd) => {
        const creds = minioCredentials(cfg);
        return spawn(binPath('minio'), ['server', dir, '--address', `${HOST}:${cfg.minioPort}`, '--quiet'], {
          detached: true,
          stdio: ['ignore', fd, fd],
          env: {
            ...process.env,
            MINIO_ROOT_USER: creds.accessKey,
            MINIO_ROOT_PASSWORD: creds.secretKey,
            MINIO_BROWSER: 'off',
            MINIO_UPDATE: 'off',
            MINIO_CI_CD: '1',
          },
        });
      },
      ready: async () => {
        try {
          const res = await fetch(`http://${HOST}:${cfg.minioPort}/minio/health/ready`);
          return res.ok;
        } catch {
          return false;
        }
      },
    });
  }
  return specs;
}

async function stopPid(spec, pid) {
  process.kill(pid, spec.stopSignal);
  await waitFor(() => !alive(pid), `${spec.name} (pid ${pid}) stopping`, spec.stopTimeoutMs).catch(() =>
    process.kill(pid, 'SIGKILL'),
  );
}

async function startOne(cfg, spec) {
  const pid = readPid(cfg, spec.name);
  if (pid && alive(pid)) {
    const kind = spec.identify(pid);
    if (kind === 'current') {
      // Running (perhaps still recovering, when another command started it a moment ago): wait for it.
      await waitFor(async () => !alive(pid) || (await spec.ready()), `${spec.name} (pid ${pid})`);
      if (alive(pid)) {
        await spec.afterReady?.();
        log(`${spec.name} already running (pid ${pid}, port ${spec.port})`);
        return { name: spec.name, pid, started: false };
      }
    } else if (kind === 'older') {
      log(`${spec.name} (pid ${pid}) was started by an older version: restarting it`);
      await stopPid(spec, pid);
    }
  }
  if (await portOpen(spec.port)) {
    throw new Error(
      `port ${spec.port} is taken by another program; set ${spec.portEnv} to a free port, or point the app at ` +
        'external servers with MONGODB_URI / S3_ENDPOINT',
    );
  }
  mkdirSync(runDir(cfg), { recursive: true });
  const logFile = path.join(runDir(cfg), `${spec.name}.log`);
  let child;
  for (let attempt = 1; ; attempt++) {
    await spec.prepare();
    const fd = openSync(logFile, 'a');
    try {
      child = spec.spawn(fd);
    } finally {
      closeSync(fd);
    }
    child.unref();
    child.on('error', () => {}); // reported below as "did not become ready", with the log
    writeFileSync(path.join(runDir(cfg), `${spec.name}.pid`), String(child.pid));
    try {
      await waitFor(async () => {
        if (child.exitCode !== null) throw new Error(`${spec.name} exited with code ${child.exitCode}`);
        return spec.ready();
      }, `${spec.name} on port ${spec.port}`);
      break;
    } catch (err) {
      if (child.exitCode !== null && attempt < (spec.startAttempts ?? 1)) {
        // prepare() waits for what the start failed on (a hard-killed server's leftovers) before the next one.
        log(`${spec.name} exited at once (attempt ${attempt}); trying again`);
        continue;
      }
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${err.message}\n--- ${logFile} ---\n${tail}`, { cause: err });
    }
  }
  await spec.afterReady?.();
  log(`${spec.name} started (pid ${child.pid}, port ${spec.port})`);
  return { name: spec.name, pid: child.pid, started: true };
}

async function ensureBucket(cfg) {
  if (cfg.externalS3) return;
  const { S3Client, CreateBucketCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const creds = minioCredentials(cfg);
  const client = new S3Client({
    endpoint: `http://${HOST}:${cfg.minioPort}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: creds.accessKey, secretAccessKey: creds.secretKey },
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: cfg.bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: cfg.bucket }));
    log(`bucket ${cfg.bucket} created`);
  } finally {
    client.destroy();
  }
}

/** Go-built tools a profile needs. */
function goTools(cfg) {
  return [...(cfg.externalMongo ? [] : ['ferretdb']), ...(cfg.externalS3 ? [] : ['minio'])];
}

/** Builds (if needed) and starts the embedded services of a profile; returns what it started. */
export async function startServices(cfg) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const specs = serviceSpecs(cfg);
  if (specs.length === 0) {
    log('MONGODB_URI and S3_ENDPOINT are set: using external servers, nothing to start');
    return [];
  }
  await ensureTools(goTools(cfg));
  const results = [];
  const pending = new Map(specs.map((s) => [s.name, null]));
  // Each service starts once the services it needs are up; independent ones start together.
  const started = (name) => pending.get(name) ?? Promise.resolve();
  for (const spec of specs) {
    pending.set(
      spec.name,
      Promise.all(spec.needs.map(started)).then(async () => {
        results.push(await startOne(cfg, spec));
      }),
    );
  }
  try {
    const failed = (await Promise.allSettled(pending.values())).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (!cfg.externalMongo && legacySqliteDir(cfg)) {
      await migrateLegacySqlite(cfg, {
        targetUri: `mongodb://${HOST}:${cfg.ferretPort}/`,
        log: (m) => process.stderr.write(`[migrate] ${m}\n`),
      });
    }
    await ensureBucket(cfg);
  } catch (err) {
    // Leave nothing behind that no command will stop: what this call started goes down again.
    const ours = results.filter((r) => r.started).map((r) => r.name);
    if (ours.length) await stopServices(cfg, ours).catch(() => {});
    throw err;
  }
  return specs.map((s) => results.find((r) => r.name === s.name));
}

/** Stops the embedded services of a profile (only processes recorded in its pid files), clients first. */
export async function stopServices(cfg, names) {
  const order = ['ferretdb', 'minio', 'postgres'];
  const specs = serviceSpecs(cfg).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  for (const spec of specs) {
    if (names && !names.includes(spec.name)) continue;
    const pid = readPid(cfg, spec.name);
    // A pid file left by a hard kill may name an unrelated process by now: leave that one alone.
    if (pid && alive(pid) && spec.identify(pid)) {
      await stopPid(spec, pid);
      log(`${spec.name} stopped (pid ${pid})`);
    }
    rmSync(path.join(runDir(cfg), `${spec.name}.pid`), { force: true });
  }
}

export async function serviceStatus(cfg) {
  const out = [];
  for (const spec of serviceSpecs(cfg)) {
    const pid = readPid(cfg, spec.name);
    out.push({
      name: spec.name,
      port: spec.port,
      pid,
      running: Boolean(pid && alive(pid) && (await spec.ready())),
    });
  }
  return out;
}
