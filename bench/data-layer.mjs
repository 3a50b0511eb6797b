// The data layer at 100,000 cards (issue "the database is the truth"): the admin's space holds 10,000 cards and 90
// other users 1,000 each. Measures deleting cards (sequential and 4 clients), registering a user (a copy of the
// admin's 10,000 cards; and of the 12 starter cards on an empty instance), clearing, resetting and clean-importing a
// 10,000-card space while another user reads, cold start to /api/health and to the first GET /, disk and memory.
// BENCH_DL_USERS / BENCH_DL_CARDS / BENCH_DL_ADMIN_CARDS scale it down; BENCH_DL_OP_TIMEOUT_S bounds each wholesale
// operation (default 300 s; one that takes longer is reported as such and the run goes on).
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  benchServices,
  freePort,
  load,
  log,
  machine,
  runSeed,
  sample,
  setupAdmin,
  startApp as startAppProcess,
  treeMem,
  writeHeaders,
  writeResults,
} from './lib.mjs';
import { serviceStatus } from '../scripts/lib/services.mjs';
import { ROOT } from '../scripts/lib/tools.mjs';

const USERS = Number(process.env.BENCH_DL_USERS ?? 90);
const PER_USER = Number(process.env.BENCH_DL_CARDS ?? 1000);
const ADMIN_CARDS = Number(process.env.BENCH_DL_ADMIN_CARDS ?? 10_000);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const OP_TIMEOUT_S = Number(process.env.BENCH_DL_OP_TIMEOUT_S ?? 300);

const ms = (t) => Math.round(performance.now() - t);

async function json(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

// Every sign-up and sign-in comes from its own client address (the app believes X-Forwarded-For: TRUST_PROXY), as
// different people's would: from one address, the benchmark's dozen would meet the per-address attempt limit.
let clients = 0;
const asClient = () => ({ 'x-forwarded-for': `10.0.${clients >> 8}.${clients++ & 255}` });

async function signIn(url, username, password) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...asClient() },
    body: JSON.stringify({ username, password }),
  });
  await json(res, `login ${username}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sakura-nav-session='))
    ?.split(';')[0];
}

let registered = 0;
/** Registers a new user; answers the time it took. */
async function register(url) {
  const username = `dl${Date.now().toString(36)}${registered++}`;
  const t = performance.now();
  await json(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, ...asClient() },
      body: JSON.stringify({ username, password: 'Bench123', confirmPassword: 'Bench123' }),
    }),
    'register',
  );
  return { username, ms: ms(t) };
}

/** Runs `op` while another user lists their cards one request after another; the op's time and the reader's worst. */
async function whileReading(op, read) {
  let stop = false;
  const latencies = [];
  const reader = (async () => {
    while (!stop) {
      const t = performance.now();
      await read();
      latencies.push(performance.now() - t);
    }
  })();
  const t = performance.now();
  let took;
  try {
    await op(AbortSignal.timeout(OP_TIMEOUT_S * 1000));
    took = `${(ms(t) / 1000).toFixed(2)} s`;
  } catch (err) {
    took = err?.name === 'TimeoutError' ? `> ${OP_TIMEOUT_S} s (stopped waiting)` : `failed: ${err}`;
  }
  stop = true;
  await reader;
  latencies.sort((a, b) => a - b);
  const worst = Math.round(latencies.at(-1) ?? 0);
  const p50 = Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0);
  return { took, reader: `${p50} / ${worst}` };
}

/** Runs scripts/start.mjs on a benchmark's data directory until it serves `GET /`, then stops it with Ctrl-C. */
async function npmStart(cfg) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(MONGODB_URI|S3_)/.test(k))),
      DATA_DIR: cfg.dataDir,
      PORT: String(port),
      FERRETDB_PORT: String(cfg.ferretPort),
      POSTGRES_PORT: String(cfg.postgresPort),
      MINIO_PORT: String(cfg.minioPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const t = performance.now();
  let health;
  while (health === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if ((await fetch(`${url}/api/health`).catch(() => null))?.status === 200) health = ms(t);
    else await new Promise((r) => setTimeout(r, 20));
  }
  await (await fetch(`${url}/`)).text();
  const home = ms(t);
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGINT');
  await exited;
  return { health, home };
}

function du(dir) {
  try {
    return Math.round(Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024);
  } catch {
    return null;
  }
}

export async function run() {
  // The database and bucket names `npm start` uses, so that it can be started on this data at the end.
  const services = await benchServices('data-layer', { dbName: 'sakura', bucket: 'sakura-dash' });
  const rows = [];
  const apps = [];
  const startApp = async (env, extra = {}, options) => {
    // Client addresses from X-Forwarded-For (asClient).
    const app = await startAppProcess(env, { TRUST_PROXY: '1', ...extra }, options);
    apps.push(app);
    return app;
  };
  try {
    let app = await startApp(services.env, { LOG_LEVEL: 'warn' });
    let url = app.url;
    await setupAdmin(url);

    // Registering with the 12 starter cards of a new instance.
    const small = await sample(async () => register(url), 5);
    rows.push([
      'Register a user (admin space: 12 starter cards), p50 / max',
      `${small.p50} / ${small.max} ms`,
    ]);

    log(`seeding ${ADMIN_CARDS} admin cards and ${USERS} x ${PER_USER} user cards...`);
    const seedStarted = performance.now();
    runSeed('seed-cards.ts', services.env.MONGODB_URI, ADMIN_CARDS);
    const users = JSON.parse(runSeed('seed-users.ts', services.env.MONGODB_URI, USERS, PER_USER));
    log(`seeded in ${(ms(seedStarted) / 1000).toFixed(1)} s`);
    const total = ADMIN_CARDS + 12 + USERS * PER_USER + registered * 12;
    const dbDirs = async () =>
      (await serviceStatus(services.cfg))
        .filter((s) => s.pid && s.name !== 'minio')
        .map((s) => path.join(services.cfg.dataDir, s.name));
    const disk = async () => (await dbDirs()).map((d) => `${path.basename(d)} ${du(d)} MB`).join(', ');
    // The disk for the stored cards alone, before the operations below add copies, snapshots and dead rows.
    rows.push([`Disk of the database with ${total.toLocaleString('en')} cards stored`, await disk()]);
    const other = users[0];
    const readOther = async () => {
      const res = await fetch(`${url}/api/navigation/cards?limit=24`, { headers: { cookie: other.cookie } });
      await json(res, 'other user list');
    };

    // Cold start with everything stored: spawn to /api/health, and to the first GET / (the visitor's page).
    await app.stop();
    const starts = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      // As `npm start` runs it on the embedded store: the only instance (nothing else writes from here on).
      app = await startApp(services.env, {
        LOG_LEVEL: 'warn',
        SINGLE_INSTANCE: 'true',
        METRICS_TOKEN,
      });
      const health = ms(t);
      const home = await fetch(`${app.url}/`);
      await home.text();
      starts.push({ health, home: ms(t) });
      if (i < 2) await app.stop();
    }
    url = app.url;
    starts.sort((a, b) => a.health - b.health);
    rows.push([
      `App process cold start (servers running) to \`/api/health\` / to the first \`GET /\` (${total.toLocaleString('en')} cards stored; 3 starts, each)`,
      starts.map((s) => `${s.health} / ${s.home}`).join('; ') + ' ms',
    ]);
    const adminCookie = await signIn(url, 'bench', 'Bench123');
    const headers = writeHeaders(url, adminCookie);

    // Deleting cards of the 10,000-card admin space.
    const all = (await json(await fetch(`${url}/api/site-cards`, { headers }), 'list')).items.map(
      (c) => c.id,
    );
    const victims = all.slice(-300);
    const del = (id) =>
      fetch(`${url}/api/site-cards?id=${id}`, { method: 'DELETE', headers }).then((r) => json(r, 'delete'));
    await del(victims.pop());
    const seq = await sample(async () => del(victims.pop()), 50);
    rows.push(['Delete one card, sequential (50), p50 / p95', `${seq.p50} / ${seq.p95} ms`]);
    const batch = victims.splice(0, 200);
    const t4 = performance.now();
    await Promise.all(
      [0, 1, 2, 3].map(async (c) => {
        for (let i = c; i < batch.length; i += 4) await del(batch[i]);
      }),
    );
    rows.push(['200 deletes from 4 clients', `${(ms(t4) / 1000).toFixed(2)} s`]);

    // Registering while the admin's space holds ~10,000 cards.
    const big = [];
    for (let i = 0; i < 3; i++) big.push((await register(url)).ms);
    rows.push([
      `Register a user (a copy of the admin's ${all.length - 1} cards), each`,
      `${big.join(', ')} ms`,
    ]);

    // Wholesale operations on a user holding a copy of the admin's space, while another user reads.
    const { username } = await register(url);
    const userCookie = await signIn(url, username, 'Bench123');
    const user = { ...writeHeaders(url, userCookie) };
    const count = async () =>
      (await json(await fetch(`${url}/api/site-cards`, { headers: user }), 'count')).items.length;
    const before = await count();
    const post = (p, signal) =>
      fetch(`${url}${p}`, { method: 'POST', headers: user, signal }).then((r) => json(r, p));
    const clear = await whileReading((signal) => post('/api/user/data/clear', signal), readOther);
    rows.push([
      `Clear a space of ${before} cards; another user's list p50 / worst meanwhile`,
      `${clear.took}; ${clear.reader} ms`,
    ]);
    const reset = await whileReading((signal) => post('/api/user/data/reset', signal), readOther);
    const afterReset = await count();
    rows.push([
      `Reset a space to a copy of the admin's (${afterReset} cards); reader p50 / worst`,
      `${reset.took}; ${reset.reader} ms`,
    ]);
    const zip = Buffer.from(
      await (await fetch(`${url}/api/user/data/export`, { method: 'POST', headers: user })).arrayBuffer(),
    );
    const imported = await whileReading(async (signal) => {
      const form = new FormData();
      form.set('file', new Blob([zip], { type: 'application/zip' }), 'data.zip');
      form.set('mode', 'clean');
      const res = await fetch(`${url}/api/user/data/import`, {
        method: 'POST',
        headers: { cookie: userCookie, origin: url },
        body: form,
        signal,
      });
      await json(res, 'import');
    }, readOther);
    rows.push([
      `Clean import of the space's own archive (${await count()} cards); reader p50 / worst`,
      `${imported.took}; ${imported.reader} ms`,
    ]);

    // Reads, then memory of the app and the embedded servers, and the disk.
    const reads = await load({
      url: `${url}/api/navigation/cards?limit=24`,
      headers: { cookie: other.cookie },
      duration: 10,
    });
    rows.push([
      'List reads, 50 connections, 10 s: req/s, p99',
      `${Math.round(reads.requests.average)}/s, ${reads.latency.p99} ms`,
    ]);
    const procs = (await serviceStatus(services.cfg)).filter((s) => s.pid);
    // Each process with its children (PostgreSQL's backends): RSS, and PSS, which counts shared pages once.
    const mem = { app: treeMem(app.pid) };
    for (const s of procs) mem[s.name] = treeMem(s.pid);
    const sum = (k) => Object.values(mem).reduce((a, m) => a + m[k], 0);
    rows.push([
      'RSS (PSS) after the reads, app + embedded servers with their child processes',
      `${sum('rss')} MB (${sum('pss')} MB): ${Object.entries(mem)
        .map(([k, m]) => `${k} ${m.rss} (${m.pss})${m.processes > 1 ? ` in ${m.processes} processes` : ''}`)
        .join(', ')}`,
    ]);
    const metrics = await (
      await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const gauge = (name) =>
      Number(
        metrics
          .split('\n')
          .find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
          ?.split(' ')
          .at(-1),
      );
    const mb = (bytes) => Math.round(bytes / 2 ** 20);
    // The app's whole memory picture (heap spaces, external memory) for a closer look.
    writeFileSync(path.join(ROOT, '.tmp/bench/data-layer-metrics.txt'), metrics);
    rows.push([
      "The app's heap used / spaces cached (their bytes as the budget counts them)",
      `${mb(gauge('nodejs_heap_size_used_bytes'))} MB / ${gauge('sakura_cached_spaces')} (${mb(gauge('sakura_cached_space_bytes'))} MB)`,
    ]);
    rows.push([
      "Disk of the database at the end (four more users hold a copy of the admin's space), with the operations' dead rows",
      await disk(),
    ]);
    await app.stop();
  } finally {
    for (const app of apps) await app.stop();
    await services.stop();
  }
  // `npm start` on the same data, the embedded servers already built: to /api/health and to the first GET /.
  const starts = [];
  for (let i = 0; i < 3; i++) starts.push(await npmStart(services.cfg));
  rows.push([
    `Cold start of \`npm start\` (the embedded servers too) to \`/api/health\` / to the first \`GET /\`, 3 starts`,
    starts.map((s) => `${s.health} / ${s.home}`).join('; ') + ' ms',
  ]);
  const table = rows.map(([k, v]) => `| ${k} | ${v} |`).join('\n');
  console.log(table);
  writeResults(
    'data-layer',
    `## Data layer at 100,000 cards (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app and the embedded servers on loopback; ${ADMIN_CARDS.toLocaleString('en')} cards in the
admin's space, ${USERS} users x ${PER_USER.toLocaleString('en')}. Command: \`npm run bench -- data-layer\` (bench/data-layer.mjs).

| Figure | Value |
|---|---|
${table}
`,
  );
}
