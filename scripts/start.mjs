#!/usr/bin/env node
// `npm start`: builds the app if needed, starts the embedded PostgreSQL, FerretDB and MinIO (unless MONGODB_URI /
// S3_ENDPOINT point at external servers) and serves the app at http://localhost:3000. The app process starts while
// the servers do (loading its code takes about as long as they take; its first queries wait for the database), unless
// data of a SakuraNav-era layout must be moved first. Ctrl-C stops the app, then the servers this command started
// (FerretDB before PostgreSQL).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/tools.mjs';
import { buildIfStale } from './lib/build.mjs';
import { APP_NODE_FLAGS } from './lib/http-app.mjs';
import { appEnv, profileConfig, startServices, stopServices } from './lib/services.mjs';
import { legacySqliteDir } from './lib/sqlite-migration.mjs';

const log = (m) => process.stderr.write(`[start] ${m}\n`);

async function main() {
  const cfg = profileConfig('dev');
  log(`data directory: ${cfg.dataDir}`);
  buildIfStale(log);
  const services = startServices(cfg);
  // An older layout's database is moved by startServices before anything may use the new one.
  if (!cfg.externalMongo && legacySqliteDir(cfg)) await services;
  const port = process.env.PORT ?? '3000';
  const host = process.env.HOST ?? '127.0.0.1';
  const env = { ...process.env, ...appEnv(cfg), PORT: port, HOST: host, NODE_ENV: 'production' };
  // The embedded database serves this one app process (server/instance-lease.ts); MongoDB may serve several.
  if (!cfg.externalMongo) env.SINGLE_INSTANCE = 'true';
  const shown = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
  log(`Sakura Dash is starting at http://${shown}:${port} (first visit: create the administrator at /setup)`);
  const app = spawn(process.execPath, [...APP_NODE_FLAGS, path.join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });

  const exited = new Promise((resolve) => app.once('exit', (code) => resolve(code ?? 0)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill('SIGTERM'));
  let started;
  try {
    started = await services;
  } catch (err) {
    // startServices stopped what it had started; the app cannot run without them.
    log(err.message);
    app.kill('SIGTERM');
    await exited;
    process.exit(1);
  }
  const code = await exited;
  // Stop only the services this command started; ones already running are left as they were.
  const ours = started.filter((s) => s.started).map((s) => s.name);
  if (ours.length) await stopServices(cfg, ours);
  process.exit(code);
}

main().catch((err) => {
  log(err.message);
  process.exit(1);
});
