// `npm start` (scripts/start.mjs with its embedded database and storage) in a data directory of its own, for the crash
// tests: started, killed hard (the app and every embedded server at once) or interrupted with Ctrl-C, and what the
// database holds of an owner's cards, read directly.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { expect } from 'vitest';
import { freePort } from '../../bench/lib.mjs';
import { waitFor } from '../../scripts/lib/wait.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OWN_ENV =
  /^(MONGODB_URI|S3_|DATA_DIR|NODE_ENV|SINGLE_INSTANCE|SPACE_RECHECK_MS|CACHE_TTL_MS|PORT|HOST)/;

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

/** One `npm start` installation in `.tmp/<name>-<pid>`, on ports of its own. */
export function npmStartRig(name: string) {
  const DATA = path.join(ROOT, `.tmp/${name}-${process.pid}`);
  let ports: Record<string, string>;
  let running: ChildProcess | undefined;
  let db: InstanceType<typeof mongoose.mongo.MongoClient> | undefined;

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

  return {
    start,
    killHard,
    interrupt,
    dbCards,
    /** A new installation: its data directory emptied. */
    fresh: () => rmSync(DATA, { recursive: true, force: true }),
    /** Stops what still runs and removes the data directory. */
    async close() {
      await db?.close();
      if (running) await killHard(running);
      rmSync(DATA, { recursive: true, force: true });
    },
    /** The last `npm start` stopped for good by the test. */
    stopped() {
      running = undefined;
    },
  };
}

export function clientOf(url: string, cookie: string) {
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
    /** Many cards in one request (`POST /api/site-cards/batch`). */
    createMany: async (names: string[]) => {
      const items = names.map((name) => ({ name, url: `https://${name.replace(/\W/g, '')}.example.org/` }));
      const res = await fetch(`${url}/api/site-cards/batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ items }),
      });
      expect(res.status).toBe(200);
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

export async function signIn(url: string, username = 'admin') {
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

/** Sets the installation up with the administrator `admin` / `Crash123` and signs in. */
export async function setUp(url: string) {
  const setup = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'admin', password: 'Crash123', confirmPassword: 'Crash123' }),
  });
  expect(setup.status).toBe(200);
  return clientOf(url, await signIn(url));
}

/** `<id> <name>` lines to their ids. */
export const ids = (lines: string[]) => lines.map((l) => l.split(' ')[0]);
