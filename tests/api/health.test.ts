// Health against dependencies that stop or hang. This file runs its own FerretDB (on PostgreSQL), MinIO and app
// process so it can break them without disturbing the other tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEnv, startServices, stopServices } from '../../scripts/lib/services.mjs';
import { waitFor } from '../../scripts/lib/wait.mjs';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitUntilStopped(pid: number) {
  const started = Date.now();
  while (Date.now() - started < 5000) {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    if (state === 'T' || state === 't') return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`process ${pid} did not stop`);
}

function waitForHttp(url: string, timeoutMs = 30_000) {
  return waitFor(
    () =>
      fetch(url).then(
        () => true,
        () => false,
      ),
    `${url} answering`,
    timeoutMs,
  );
}

describe('GET /api/health', () => {
  let cfg: any;
  let app: ChildProcess;
  let base: string;
  let ferretPid: number;

  beforeAll(async () => {
    const dataDir = path.join(root, '.tmp/health-test');
    rmSync(dataDir, { recursive: true, force: true });
    cfg = {
      profile: 'health',
      dataDir,
      ferretPort: await freePort(),
      postgresPort: await freePort(),
      minioPort: await freePort(),
      bucket: 'health-test',
      externalMongo: false,
      externalS3: false,
      dbName: 'health',
    };
    const started = await startServices(cfg);
    ferretPid = started.find((s: { name: string }) => s.name === 'ferretdb')!.pid as number;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = spawn(process.execPath, ['scripts/serve.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        ...appEnv(cfg),
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
      },
      stdio: 'ignore',
    });
    await waitForHttp(`${base}/api/health`);
  });

  afterAll(async () => {
    try {
      process.kill(ferretPid, 'SIGCONT');
    } catch {
      // already gone
    }
    app?.kill('SIGTERM');
    await stopServices(cfg);
  });

  it('answers 200 with both checks ok when MongoDB and S3 answer', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', checks: { db: 'ok', storage: 'ok' } });
    expect(new Date(body.timestamp).toString()).not.toBe('Invalid Date');
  });

  it('answers 503 naming storage when MinIO is stopped', async () => {
    await stopServices(cfg, ['minio']);
    try {
      const started = Date.now();
      const res = await fetch(`${base}/api/health`);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: 'error',
        checks: { db: 'ok', storage: expect.stringMatching(/error|timeout/) },
      });
    } finally {
      // Started again (only MinIO: the others are running), so the other tests of this file find it up.
      await startServices(cfg);
    }
  });

  it('answers 503 naming the database within 2 s when the database hangs', async () => {
    process.kill(ferretPid, 'SIGSTOP');
    // On a loaded machine the stop takes a moment to land; measure only once the process is really stopped.
    await waitUntilStopped(ferretPid);
    try {
      const started = Date.now();
      const res = await fetch(`${base}/api/health`);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(2000);
      expect(res.status).toBe(503);
      expect((await res.json()).checks.db).toBe('timeout');
    } finally {
      process.kill(ferretPid, 'SIGCONT');
    }
  });
});
