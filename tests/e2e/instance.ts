// One app instance per spec file: the built app (scripts/serve.mjs, as `npm start` runs it) in its own process, on
// a free loopback port, with its own database, bucket and data folder. A spec file therefore starts from a fresh
// instance whatever ran before it, in this worker or another, and files run in parallel workers without sharing
// anything but the test FerretDB and MinIO servers. See docs/testing.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/lib/net.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The administrator every instance gets unless its spec file asks for the first-run state. */
export const ADMIN = { username: 'boss', password: 'Secret123' } as const;

export interface Instance {
  /** e.g. `js-w3-2`: the project, the worker and the worker's how-manieth instance. */
  name: string;
  url: string;
  /** The instance's own database on the test FerretDB. */
  mongoUri: string;
  stop(): Promise<void>;
}

const mongoBase = () => process.env.TEST_MONGODB_BASE ?? 'mongodb://127.0.0.1:27028';

/** A name usable as a database name and an S3 bucket name (lowercase letters, digits, hyphens). */
export function instanceName(project: string, label: string): string {
  const tail = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${project}-${tail}`.slice(0, 50).replace(/-+$/, '');
}

async function dropDatabase(uri: string) {
  const mongoose = (await import('mongoose')).default;
  const conn = await mongoose.createConnection(uri, { retryWrites: false }).asPromise();
  try {
    await conn.dropDatabase();
  } finally {
    await conn.close();
  }
}

/** Waits for the server's "listening" line; fails with its output if it exits first or takes over `timeoutMs`. */
function listening(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`no "listening" within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (d: Buffer) => {
      output = (output + d).slice(-8000);
      if (output.includes('listening on http')) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code: number | null) => fail(new Error(`exited with code ${code}`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(err: Error) {
      cleanup();
      reject(new Error(`app server: ${err.message}\n${output.slice(-4000)}`));
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (output = (output + d).slice(-8000)));
    child.on('exit', onExit);
  });
}

/**
 * Starts a fresh instance (its database dropped first, in case an earlier run left it) and, unless `firstRun`,
 * creates the administrator (`createAdmin`).
 */
export async function startInstance(name: string, { firstRun = false } = {}): Promise<Instance> {
  const mongoUri = `${mongoBase()}/e2e_${name.replace(/-/g, '_')}`;
  const dataDir = path.join(ROOT, '.tmp/e2e', name);
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(mongoUri);
  const port = (await freePort()) as number;
  // An instance serves one spec file for seconds: V8's optimising compilers (TurboFan, Maglev) cost more than they
  // return there (without them the instances used ~12% less CPU over the journeys). The code runs the same.
  const child = spawn(process.execPath, ['--no-opt', '--no-maglev', 'scripts/serve.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MONGODB_URI: mongoUri,
      S3_ENDPOINT: process.env.TEST_S3_ENDPOINT ?? 'http://127.0.0.1:9011',
      S3_ACCESS_KEY: process.env.TEST_S3_ACCESS_KEY ?? '',
      S3_SECRET_KEY: process.env.TEST_S3_SECRET_KEY ?? '',
      S3_BUCKET: `e2e-${name}`,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'e2e-secret-'.padEnd(64, 'x'),
      LOG_LEVEL: 'warn',
      // A message stays until the page changes: on a loaded machine a check may come more than 8 s after it shows.
      TOAST_MS: '600000',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  // A worker that ends without its fixtures' teardown (killed after a timeout) takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    process.off('exit', killOnExit);
    // Killed, not shut down: the instance's database and folder are thrown away, and a graceful stop would only
    // wait on the server's own shutdown deadline.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    await listening(child, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  child.stdout?.resume();
  const instance = { name, url: `http://127.0.0.1:${port}`, mongoUri, stop };
  if (!firstRun) await createAdmin(instance);
  return instance;
}

/** Creates the administrator through the first-run API, as the setup page does, starter data included. */
export async function createAdmin(instance: Instance): Promise<void> {
  const res = await fetch(`${instance.url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ ...ADMIN, confirmPassword: ADMIN.password }),
  });
  if (!res.ok) {
    await instance.stop();
    throw new Error(`creating the administrator: ${res.status} ${await res.text()}`);
  }
}
