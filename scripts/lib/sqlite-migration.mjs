// One-off copy of an older version's data (FerretDB's SQLite handler, `<data dir>/ferretdb/*.sqlite`) into the
// PostgreSQL store: the old FerretDB serves the files on a spare port, every collection is copied through the driver
// with its indexes and counted, and the old folder is renamed `ferretdb-sqlite.migrated` (kept, never deleted).
// An interrupted copy is redone from the start on the next start (a marker file says one is in progress).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { binPath } from './tools.mjs';
import { freePort, portOpen } from './net.mjs';
import { waitFor } from './wait.mjs';

const HOST = '127.0.0.1';
const CHUNK = 50; // FerretDB v1 hangs on write commands of 100 statements or more

/** The folder holding an older version's SQLite data, or null. */
export function legacySqliteDir(cfg) {
  const dir = path.join(cfg.dataDir, 'ferretdb');
  if (!existsSync(dir)) return null;
  return readdirSync(dir).some((f) => f.endsWith('.sqlite')) ? dir : null;
}

/**
 * FerretDB's SQLite handler on `dir` (the flags the older versions used, `urlQuery` e.g. their
 * `?_pragma=synchronous(normal)`); resolves once it listens.
 */
export async function startSqliteFerret(dir, port, logFile, urlQuery = '') {
  const fd = openSync(logFile, 'a');
  const child = spawn(
    binPath('ferretdb'),
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/${urlQuery}`,
      `--listen-addr=${HOST}:${port}`,
      `--state-dir=${dir}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=warn',
    ],
    { stdio: ['ignore', fd, fd] },
  );
  closeSync(fd);
  await waitFor(async () => {
    if (child.exitCode !== null)
      throw new Error(`FerretDB (SQLite) exited with ${child.exitCode}; see ${logFile}`);
    return portOpen(port);
  }, `FerretDB (SQLite) listening (see ${logFile})`);
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function databasesWithCollections(client) {
  const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
  const out = [];
  for (const { name } of databases) {
    const collections = await client.db(name).listCollections({}, { nameOnly: true }).toArray();
    if (collections.length) out.push({ name, collections: collections.map((c) => c.name) });
  }
  return out;
}

async function copyCollection(source, target, name) {
  await target
    .collection(name)
    .drop()
    .catch(() => {}); // left by an interrupted copy
  await target.createCollection(name);
  let batch = [];
  let copied = 0;
  for await (const doc of source.collection(name).find({}, { batchSize: 1000 })) {
    batch.push(doc);
    if (batch.length === CHUNK) {
      await target.collection(name).insertMany(batch, { ordered: true });
      copied += batch.length;
      batch = [];
    }
  }
  if (batch.length) await target.collection(name).insertMany(batch, { ordered: true });
  copied += batch.length;
  let indexes = 0;
  for (const index of await source.collection(name).listIndexes().toArray()) {
    if (index.name === '_id_') continue;
    const options = { ...index };
    for (const field of ['key', 'v', 'ns']) delete options[field];
    await target.collection(name).createIndex(index.key, options);
    indexes += 1;
  }
  const [from, to] = await Promise.all([
    source.collection(name).countDocuments({}),
    target.collection(name).countDocuments({}),
  ]);
  if (from !== to) throw new Error(`${name}: ${from} documents in SQLite but ${to} copied`);
  return { copied, indexes };
}

/**
 * Copies the SQLite data into the running FerretDB on PostgreSQL (`targetUri`) unless that store already holds
 * data of its own, in which case nothing is guessed: the start stops with what to do.
 */
export async function migrateLegacySqlite(cfg, { targetUri, log }) {
  const dir = legacySqliteDir(cfg);
  if (!dir) return;
  const marker = path.join(cfg.dataDir, '.sqlite-migration-pending');
  const { default: mongoose } = await import('mongoose');
  const { MongoClient } = mongoose.mongo;
  const target = new MongoClient(targetUri, { serverSelectionTimeoutMS: 15_000 });
  let old;
  let source;
  try {
    await target.connect();
    if (!existsSync(marker)) {
      const present = await databasesWithCollections(target);
      if (present.length) {
        throw new Error(
          `${dir} holds SQLite data from an older version, but the PostgreSQL store already holds data ` +
            `(${present.map((d) => d.name).join(', ')}): move ${dir} away, or empty ${path.join(cfg.dataDir, 'postgres')}` +
            ' to have the SQLite data copied into it',
        );
      }
      writeFileSync(marker, `${new Date().toISOString()}\n`);
    }
    log(`${dir} holds data from an older version (SQLite): copying it into PostgreSQL, once`);
    const port = await freePort();
    old = await startSqliteFerret(dir, port, path.join(cfg.dataDir, 'run', 'ferretdb-sqlite.log'));
    source = new MongoClient(`mongodb://${HOST}:${port}/`, { serverSelectionTimeoutMS: 15_000 });
    await source.connect();
    const started = Date.now();
    let total = 0;
    for (const db of await databasesWithCollections(source)) {
      for (const name of db.collections) {
        const t = Date.now();
        const { copied, indexes } = await copyCollection(source.db(db.name), target.db(db.name), name);
        total += copied;
        log(`${db.name}.${name}: ${copied} documents, ${indexes} indexes (${Date.now() - t} ms)`);
      }
    }
    await source.close();
    source = null;
    await old.stop();
    old = null;
    let kept = path.join(cfg.dataDir, 'ferretdb-sqlite.migrated');
    if (existsSync(kept)) kept = `${kept}-${Date.now()}`;
    renameSync(dir, kept);
    rmSync(marker, { force: true });
    log(
      `copied ${total} documents in ${Math.round((Date.now() - started) / 1000)} s; the SQLite files are kept in ` +
        `${kept} (delete it once you no longer need it)`,
    );
  } finally {
    await source?.close().catch(() => {});
    await old?.stop();
    await target.close();
  }
}
