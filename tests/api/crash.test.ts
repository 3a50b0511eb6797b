// Crash durability of the service as the README starts it (`npm start` = scripts/start.mjs with its embedded
// database and storage): writes from eight clients, then a hard kill of the app and every embedded server, a
// restart with the same command; every acknowledged write is there and every acknowledged delete gone, and a clean
// restart shows the same. A clear, a reset and a clean import, each interrupted by Ctrl-C or by a hard kill while it
// writes, leave the API listing exactly what the database holds, and later edits reach the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/lib.mjs';
import { waitFor } from '../../scripts/lib/wait.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA = path.join(ROOT, `.tmp/crash-${process.pid}`);
const OWN_ENV =
  /^(MONGODB_URI|S3_|DATA_DIR|NODE_ENV|SINGLE_INSTANCE|SPACE_RECHECK_MS|CACHE_TTL_MS|PORT|HOST)/;

let ports: Record<string, string>;
let running: ChildProcess | undefined;

/** `npm start` in its own data directory; resolves once /api/health answers. */
async function start(): Promise<{ url: string; child: ChildProcess }> {
  ports ??= {
    PORT: String(await freePort()),
    FERRETDB_PORT: String(await freePort()),
    MINIO_PORT: String(await freePort()),
    POSTGRES_PORT: String(await freePort()),
  };
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_ENV.test(k)));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...env, ...ports, DATA_DIR: DATA, LOG_LEVEL: 'error', ONLINE_CHECK_ON_SAVE: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  running = child;
  const url = `http://127.0.0.1:${ports.PORT}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      return (await fetch(`${url}/api/health`).catch(() => null))?.status === 200;
    },
    'npm start answering /api/health',
    120_000,
  );
  return { url, child };
}

/** Whether a process is gone (a zombie counts as gone: it holds nothing but its pid). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/** SIGKILL to `npm start`, the app and every embedded server (their pid files), all at once. */
async function killHard(child: ChildProcess) {
  const run = path.join(DATA, 'run');
  const pids = existsSync(run)
    ? readdirSync(run)
        .filter((f) => f.endsWith('.pid'))
        .map((f) => Number(readFileSync(path.join(run, f), 'utf8')))
    : [];
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await exited(child);
  await waitFor(() => pids.every(gone), 'the killed servers gone', 30_000);
}

/** Ctrl-C: SIGINT to the process group, as a terminal sends it. */
async function interrupt(child: ChildProcess) {
  process.kill(-child.pid!, 'SIGINT');
  await exited(child);
}

/** The owner's cards as the database holds them: `<id> <name>`, sorted. */
let db: InstanceType<typeof mongoose.mongo.MongoClient> | undefined;
async function dbCards(ownerName: string): Promise<string[]> {
  // One client for the whole test: it reconnects by itself after the servers restart.
  db ??= await mongoose.mongo.MongoClient.connect(`mongodb://127.0.0.1:${ports.FERRETDB_PORT}/sakura`, {
    retryWrites: false,
  });
  const sakura = db.db('sakura');
  const user = await sakura.collection('users').findOne({ username: ownerName });
  const cards = await sakura
    .collection('cards')
    .find({ ownerId: user!._id }, { projection: { _id: 1, name: 1 } })
    .toArray();
  return cards.map((c) => `${String(c._id)} ${c.name}`).sort();
}

function clientOf(url: string, cookie: string) {
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  return {
    /** The cards the API lists: `<id> <name>`, sorted. */
    cards: async () => {
      const res = await fetch(`${url}/api/site-cards`, { headers });
      expect(res.status).toBe(200);
      const items = ((await res.json()) as { items: { id: string; name: string }[] }).items;
      return items.map((c) => `${c.id} ${c.name}`).sort();
    },
    create: async (name: string) => {
      const res = await fetch(`${url}/api/site-cards`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, siteUrl: `https://${name.replace(/\W/g, '')}.example.org/` }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { item: { id: string } }).item.id;
    },
    remove: async (id: string) =>
      expect((await fetch(`${url}/api/site-cards?id=${id}`, { method: 'DELETE', headers })).status).toBe(200),
    rename: async (id: string, name: string) =>
      expect(
        (await fetch(`${url}/api/site-cards`, { method: 'PUT', headers, body: JSON.stringify({ id, name }) }))
          .status,
      ).toBe(200),
    post: (p: string) => fetch(`${url}${p}`, { method: 'POST', headers }),
    /** The owner's data archive (`POST /api/user/data/export`). */
    exportZip: async () => {
      const res = await fetch(`${url}/api/user/data/export`, { method: 'POST', headers });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    },
    /** A clean import of an archive (`POST /api/user/data/import`, multipart). */
    cleanImport: (zip: Buffer) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'data.zip');
      form.set('mode', 'clean');
      return fetch(`${url}/api/user/data/import`, {
        method: 'POST',
        headers: { cookie, origin: url },
        body: form,
      });
    },
  };
}

async function signIn(url: string, username = 'admin') {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password: 'Crash123' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sakura-nav-session='))!
    .split(';')[0]!;
}

describe('npm start through hard kills and Ctrl-C', () => {
  afterAll(async () => {
    await db?.close();
    if (running) await killHard(running);
    rmSync(DATA, { recursive: true, force: true });
  });

  it(
    'keeps every acknowledged write and lists exactly what the database holds',
    { timeout: 600_000 },
    async () => {
      rmSync(DATA, { recursive: true, force: true });
      let { url, child } = await start();
      const setup = await fetch(`${url}/api/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ username: 'admin', password: 'Crash123', confirmPassword: 'Crash123' }),
      });
      expect(setup.status).toBe(200);
      let api = clientOf(url, await signIn(url));

      // Eight clients create and delete at once; the whole service is killed as soon as they are answered.
      const kept: string[] = [];
      const gone: string[] = [];
      await Promise.all(
        Array.from({ length: 8 }, (_, c) => c).map(async (c) => {
          for (let i = 0; i < 6; i++) {
            const id = await api.create(`client${c}card${i}`);
            if (i % 3 === 2) {
              await api.remove(id);
              gone.push(id);
            } else kept.push(id);
          }
        }),
      );
      await killHard(child);

      ({ url, child } = await start());
      api = clientOf(url, await signIn(url));
      let listed = await api.cards();
      const ids = (lines: string[]) => lines.map((l) => l.split(' ')[0]);
      for (const id of kept) expect(ids(listed)).toContain(id);
      for (const id of gone) expect(ids(listed)).not.toContain(id);
      expect(listed).toEqual(await dbCards('admin'));

      // A clean restart (Ctrl-C) shows the same.
      await interrupt(child);
      ({ url, child } = await start());
      api = clientOf(url, await signIn(url));
      expect(await api.cards()).toEqual(listed);

      // Wholesale writes of a few hundred cards, each stopped while it runs. A clear (one delete by owner) by
      // Ctrl-C and by a hard kill; a user's reset to a copy of the administrator's space (a delete by owner, then
      // the copy inserted in chunks) by a hard kill; a clean import of an archive taken before the round's cards
      // were added (they are deleted, the archive's written) by Ctrl-C.
      const register = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ username: 'crashuser', password: 'Crash123', confirmPassword: 'Crash123' }),
      });
      expect(register.status).toBe(200);
      const rounds = [
        { op: 'clear', who: 'admin', stop: interrupt },
        { op: 'clear', who: 'admin', stop: killHard },
        { op: 'reset', who: 'crashuser', stop: killHard },
        { op: 'import', who: 'admin', stop: interrupt },
      ] as const;
      for (const [round, { op, who, stop }] of rounds.entries()) {
        const archive = op === 'import' ? await api.exportZip() : null;
        for (let i = 0; i < 300; i += 50)
          await Promise.all(Array.from({ length: 50 }, (_, j) => api.create(`bulk${round}n${i + j}`)));
        const actor = who === 'admin' ? api : clientOf(url, await signIn(url, who));
        const before = String(await dbCards(who));
        let answered = false;
        const operation = (archive ? actor.cleanImport(archive) : actor.post(`/api/user/data/${op}`))
          .catch(() => null)
          .finally(() => (answered = true));
        // Stopped once the operation has visibly begun (what the owner has stored changed), or once it ended if
        // that was quicker (a clear is one statement: all of it or none).
        await waitFor(
          async () => answered || String(await dbCards(who)) !== before,
          `the ${op} begun`,
          60_000,
        );
        await stop(child);
        await operation;
        ({ url, child } = await start());
        api = clientOf(url, await signIn(url));
        const owner = who === 'admin' ? api : clientOf(url, await signIn(url, who));
        listed = await owner.cards();
        expect(listed).toEqual(await dbCards(who));
        // Every later edit reaches the database.
        const survivor = ids(listed)[0] ?? (await owner.create('after'));
        await owner.rename(survivor, `renamed after ${op} ${round}`);
        const made = await owner.create(`made after ${op} ${round}`);
        listed = await owner.cards();
        expect(listed).toContain(`${survivor} renamed after ${op} ${round}`);
        expect(ids(listed)).toContain(made);
        expect(listed).toEqual(await dbCards(who));
      }
      await interrupt(child);
      running = undefined;
    },
  );
});
