// The embedded store serves one app instance: with SINGLE_INSTANCE (what `npm start` sets for it) a second app
// process on the same database refuses to start with a one-line message, and a killed holder is taken over at once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startApp } from '../../bench/lib.mjs';
import { resetDatabase } from '../setup/db';
import { newCardDoc } from '#server/cards/card.defaults';
import { insertCards } from '#server/cards/card.model';
import { commitReload } from '#server/spaces/space.write';
import { createUser, sessionClient } from '../factories';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts an app process that is expected to exit: its exit code and what it wrote to stderr. */
async function startRefused(): Promise<{ code: number | null; stderr: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SINGLE_INSTANCE: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

describe('one app instance on the embedded store', () => {
  it('refuses a second instance, and takes over from a killed one at once', async () => {
    await resetDatabase();
    const first = await startApp({}, { SINGLE_INSTANCE: 'true' }, { signal: 'SIGKILL' });
    try {
      const refused = await startRefused();
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(
        /Another app instance \(pid \d+ on .+\) is serving this embedded database/,
      );
      expect(refused.stderr).toMatch(/MONGODB_URI/);
    } finally {
      await first.stop();
    }
    // The holder was killed without releasing its lease: the next start proves it gone and takes over.
    const next = await startApp({}, { SINGLE_INSTANCE: 'true' });
    try {
      expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
    } finally {
      await next.stop();
    }
    // Stopped cleanly, it gave the lease up.
    const after = await startApp({}, { SINGLE_INSTANCE: 'true' });
    await after.stop();
  }, 180_000);

  it('serves its cached dashboards without asking the database again: nothing else writes them', async () => {
    await resetDatabase();
    const user = await createUser();
    const client = await sessionClient(user);
    const cookie = `sakura-nav-session=${client.cookies.get('sakura-nav-session')}`;
    const names = async (url: string) => {
      const res = await fetch(`${url}/api/site-cards`, { headers: { cookie } });
      return ((await res.json()) as { items: { name: string }[] }).items.map((c) => c.name);
    };
    const only = await startApp({}, { SINGLE_INSTANCE: 'true' });
    const shared = await startApp({}, { SINGLE_INSTANCE: 'false' });
    try {
      expect(await names(only.url)).toEqual([]);
      expect(await names(shared.url)).toEqual([]);
      // A write behind both apps' backs, announced as another instance announces its writes (tests recheck at once).
      const card = newCardDoc({
        ownerId: user._id,
        name: 'Outside',
        siteUrl: 'https://o.example',
        globalSortOrder: 1,
      });
      await insertCards([card]);
      await commitReload(user._id);
      expect(await names(shared.url)).toEqual(['Outside']);
      expect(await names(only.url)).toEqual([]);
      // What it keeps longer still ends at once when changed through it: signing out ends the session there.
      const out = await fetch(`${only.url}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie, origin: only.url },
      });
      expect(out.status).toBe(200);
      expect((await fetch(`${only.url}/api/site-cards`, { headers: { cookie } })).status).toBe(401);
    } finally {
      await Promise.all([only.stop(), shared.stop()]);
    }
  }, 120_000);
});
