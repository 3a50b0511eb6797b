// Shared helpers for the benchmarks: dedicated services, an app process, load generation, RESULTS.md upkeep.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../scripts/lib/tools.mjs';
import { freePort } from '../scripts/lib/net.mjs';

export { freePort };
import { buildIfStale } from '../scripts/lib/build.mjs';
import { APP_NODE_FLAGS } from '../scripts/lib/http-app.mjs';
import { appEnv, serviceStatus, startServices, stopServices } from '../scripts/lib/services.mjs';

export const log = (m) => process.stderr.write(`[bench] ${m}\n`);

// Fixed ports when asked (several checkouts benchmark on one machine): BENCH_FERRETDB_PORT, BENCH_POSTGRES_PORT,
// BENCH_MINIO_PORT, BENCH_APP_PORT_BASE (app instances take the next ports from there); otherwise any free port.
let nextAppPort = Number(process.env.BENCH_APP_PORT_BASE ?? 0);

/** Fresh FerretDB (on PostgreSQL) + MinIO for one benchmark run, under .tmp/bench. */
export async function benchServices(name, overrides = {}) {
  const cfg = {
    profile: `bench-${name}`,
    dataDir: path.join(ROOT, '.tmp/bench', name),
    ferretPort: Number(process.env.BENCH_FERRETDB_PORT ?? 0) || (await freePort()),
    postgresPort: Number(process.env.BENCH_POSTGRES_PORT ?? 0) || (await freePort()),
    minioPort: Number(process.env.BENCH_MINIO_PORT ?? 0) || (await freePort()),
    bucket: `bench-${name}`,
    externalMongo: false,
    externalS3: false,
    dbName: `bench_${name}`,
    ...overrides,
  };
  rmSync(cfg.dataDir, { recursive: true, force: true });
  await startServices(cfg);
  buildIfStale(log);
  // The database's process id, for its CPU seconds (`cpuSeconds`): on FerretDB much of a write's cost is there.
  const ferretPid = (await serviceStatus(cfg)).find((s) => s.name === 'ferretdb')?.pid ?? null;
  return { cfg, env: appEnv(cfg), ferretPid, stop: () => stopServices(cfg) };
}

/**
 * Starts the built app; resolves once /api/health answers 200, with the time that took. `options.onLine` receives
 * the app's log lines (stdout), `options.nodeArgs` extra Node flags (e.g. --cpu-prof).
 */
export async function startApp(env, extra = {}, options = {}) {
  const port = nextAppPort ? nextAppPort++ : await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...APP_NODE_FLAGS, ...(options.nodeArgs ?? []), path.join(ROOT, 'scripts/serve.mjs')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        ...extra,
      },
      stdio: ['ignore', options.onLine ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (options.onLine) {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) options.onLine(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        // Already gone (exited, or killed by a signal): stopping twice is harmless.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill(options.signal ?? 'SIGTERM');
      }),
  };
}

/** BENCH_CPU_PROF=1: start options that make the app write a CPU profile to .tmp/bench/<name>-prof as it stops. */
export function cpuProfile(name) {
  if (!process.env.BENCH_CPU_PROF) return {};
  const dir = path.join(ROOT, '.tmp/bench', `${name}-prof`);
  return { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], signal: 'SIGINT' };
}

/**
 * Fresh services and one app (`extra` env, `options` as startApp) set up with the admin `bench` signed in; runs
 * `fn({ app, env, ferretPid, cookie, headers })`, then stops the app (unless `fn` did already) and the services.
 */
export async function withAdminApp(name, fn, { extra = {}, options = {} } = {}) {
  const services = await benchServices(name);
  try {
    const app = await startApp(services.env, extra, options);
    try {
      const cookie = await setupAdmin(app.url);
      return await fn({
        app,
        env: services.env,
        ferretPid: services.ferretPid,
        cookie,
        headers: writeHeaders(app.url, cookie),
      });
    } finally {
      await app.stop();
    }
  } finally {
    await services.stop();
  }
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

function memOf(pid) {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  let pss = rss;
  try {
    pss = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? rss);
  } catch {
    // no smaps_rollup: count RSS
  }
  return { rss, pss };
}

/** RSS and PSS (MB) of a process and all its descendants (the postmaster and its backends). */
export function treeMem(root) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === pids[i]) pids.push(pid);
  }
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const m = memOf(pid);
      rss += m.rss;
      pss += m.pss;
    } catch {
      // ended meanwhile
    }
  }
  return { rss: Math.round(rss / 1024), pss: Math.round(pss / 1024), processes: pids.length };
}

/** CPU seconds (user + system) a process has used so far: a figure a loaded, shared machine disturbs less than wall time. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** Latency percentiles (ms) of sequential requests. */
export async function sample(fn, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pick = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { p50: pick(0.5), p95: pick(0.95), p99: pick(0.99), max: Math.round(times.at(-1) * 10) / 10 };
}

export function machine() {
  const cpu = os.cpus()[0]?.model?.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average ${os.loadavg()[0].toFixed(1)} when written (the machine is shared)`;
}

/** Replaces the section between `<!-- bench:name -->` markers in bench/RESULTS.md. */
export function writeResults(name, markdown) {
  const file = path.join(ROOT, 'bench/RESULTS.md');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmark results\n\nLatest figures from `npm run bench`.\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}

/**
 * Calls `sample` every `everyMs` (a sampling rate, not a wait for anything) until stopped; a call still running when
 * the next is due is not overlapped. `stop()` resolves once the last call has finished.
 */
export function sampler(sample, everyMs) {
  let running = null;
  const timer = setInterval(() => {
    running ??= Promise.resolve()
      .then(sample)
      .catch(() => {})
      .finally(() => (running = null));
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak in MB. */
export function rssSampler(pid, everyMs = 100) {
  let peak = rssMb(pid);
  const timer = sampler(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended
    }
  }, everyMs);
  return { stop: () => (void timer.stop(), peak) };
}

/** Sets up the instance (admin `bench`) and returns a cookie header with the admin's session. */
export async function setupAdmin(url) {
  const res = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'Bench123', confirmPassword: 'Bench123' }),
  });
  if (!res.ok) throw new Error(`setup: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sakura-nav-session='))
    ?.split(';')[0];
}

/** Headers of a cookie-authenticated JSON write from the app's own pages. */
export function writeHeaders(url, cookie) {
  return { 'content-type': 'application/json', cookie, origin: url, 'sec-fetch-site': 'same-origin' };
}

/** Runs a seeding script (bench/seed-*.ts) against the database; returns what it printed on stdout. */
export function runSeed(script, ...args) {
  const seed = spawnSync('npx', ['tsx', path.join(ROOT, 'bench', script), ...args.map(String)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (seed.status !== 0) throw new Error(`seeding failed (${script})`);
  return seed.stdout.toString();
}
