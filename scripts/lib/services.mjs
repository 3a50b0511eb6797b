// Starts and stops the embedded FerretDB (SQLite backend) and MinIO on loopback. Idempotent: a service whose
// pid file names a live process that answers on its port is left alone. Skipped when MONGODB_URI / S3_ENDPOINT
// point at external servers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, binPath, ensureTools } from './tools.mjs';

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
    minioPort: Number(env[isTest ? 'TEST_MINIO_PORT' : 'MINIO_PORT'] ?? (isTest ? 9011 : 9010)),
    bucket: env.S3_BUCKET ?? (isTest ? 'sakura-test' : 'sakura-dash'),
    externalMongo: isTest ? false : Boolean(env.MONGODB_URI),
    externalS3: isTest ? false : Boolean(env.S3_ENDPOINT),
    dbName: isTest ? 'sakura_test' : 'sakura',
  };
}

function runDir(cfg) {
  return path.join(cfg.dataDir, 'run');
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

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
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

async function waitFor(check, what, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

function serviceSpecs(cfg) {
  const specs = [];
  if (!cfg.externalMongo) {
    const dir = path.join(cfg.dataDir, 'ferretdb');
    specs.push({
      name: 'ferretdb',
      port: cfg.ferretPort,
      dirs: [dir],
      args: [
        '--handler=sqlite',
        // WAL with synchronous=normal: commits no longer wait for an fsync each (a power cut may lose the last
        // commits but never corrupts the file); measured in bench/RESULTS.md "Creating cards under concurrency".
        `--sqlite-url=file:${dir}/?_pragma=synchronous(normal)`,
        `--listen-addr=${HOST}:${cfg.ferretPort}`,
        `--state-dir=${dir}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=warn',
      ],
      env: {},
      ready: () => portOpen(cfg.ferretPort),
    });
  }
  if (!cfg.externalS3) {
    const dir = path.join(cfg.dataDir, 'minio');
    const creds = minioCredentials(cfg);
    specs.push({
      name: 'minio',
      port: cfg.minioPort,
      dirs: [dir],
      args: ['server', dir, '--address', `${HOST}:${cfg.minioPort}`, '--quiet'],
      env: {
        MINIO_ROOT_USER: creds.accessKey,
        MINIO_ROOT_PASSWORD: creds.secretKey,
        MINIO_BROWSER: 'off',
        MINIO_UPDATE: 'off',
        MINIO_CI_CD: '1',
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

async function startOne(cfg, spec) {
  const pid = readPid(cfg, spec.name);
  if (pid && alive(pid) && (await spec.ready())) {
    log(`${spec.name} already running (pid ${pid}, port ${spec.port})`);
    return { name: spec.name, pid, started: false };
  }
  if (await portOpen(spec.port)) {
    throw new Error(
      `port ${spec.port} is taken by another program; set ${spec.name === 'minio' ? 'MINIO_PORT' : 'FERRETDB_PORT'} ` +
        'to a free port, or point the app at that server with MONGODB_URI / S3_ENDPOINT',
    );
  }
  for (const d of spec.dirs) mkdirSync(d, { recursive: true });
  mkdirSync(runDir(cfg), { recursive: true });
  const logFile = path.join(runDir(cfg), `${spec.name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(binPath(spec.name), spec.args, {
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...spec.env },
  });
  child.unref();
  writeFileSync(path.join(runDir(cfg), `${spec.name}.pid`), String(child.pid));
  try {
    await waitFor(spec.ready, `${spec.name} on port ${spec.port}`);
  } catch (err) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    throw new Error(`${err.message}\n--- ${logFile} ---\n${tail}`, { cause: err });
  }
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

/** Builds (if needed) and starts the embedded services of a profile; returns what it started. */
export async function startServices(cfg) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const specs = serviceSpecs(cfg);
  if (specs.length === 0) {
    log('MONGODB_URI and S3_ENDPOINT are set: using external servers, nothing to start');
    return [];
  }
  await ensureTools(specs.map((s) => s.name));
  const results = await Promise.all(specs.map((s) => startOne(cfg, s)));
  await ensureBucket(cfg);
  return results;
}

/** Stops the embedded services of a profile (only processes recorded in its pid files). */
export async function stopServices(cfg, names) {
  for (const spec of serviceSpecs(cfg)) {
    if (names && !names.includes(spec.name)) continue;
    const pid = readPid(cfg, spec.name);
    if (!pid || !alive(pid)) {
      rmSync(path.join(runDir(cfg), `${spec.name}.pid`), { force: true });
      continue;
    }
    process.kill(pid, 'SIGTERM');
    const started = Date.now();
    while (alive(pid) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(path.join(runDir(cfg), `${spec.name}.pid`), { force: true });
    log(`${spec.name} stopped (pid ${pid})`);
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
