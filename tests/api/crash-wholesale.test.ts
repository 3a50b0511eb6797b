// Wholesale writes of the service as the README starts it (`npm start`), each stopped while it writes, by Ctrl-C or
// by a hard kill of the app and every embedded server: after a restart with the same command the API lists exactly
// what the database holds (a documented part of the operation: docs/decisions.md §45), and later edits reach the
// database.
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../scripts/lib/wait.mjs';
import { clientOf, ids, npmStartRig, setUp, signIn } from './crash-helpers';

const rig = npmStartRig('crash-wholesale');
const { start, killHard, interrupt, dbCards } = rig;

describe('npm start through a clear, a reset and an import stopped part-way', () => {
  afterAll(() => rig.close());

  it(
    'lists exactly what the database holds after each, and takes later edits',
    { timeout: 600_000 },
    async () => {
      rig.fresh();
      let { url, child } = await start();
      let api = await setUp(url);
      let listed: string[];

      // Wholesale writes, each stopped while it runs. A clear (one delete by owner) of a few hundred cards by a
      // hard kill; a user's reset to a copy of the administrator's 2,000 cards (a delete by owner, then the copy
      // inserted in chunks) by a hard kill; a clean import of an archive taken before the round's 2,000 cards were
      // added (they are deleted by id, in chunks) by Ctrl-C.
      const register = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ username: 'crashuser', password: 'Crash123', confirmPassword: 'Crash123' }),
      });
      expect(register.status).toBe(200);
      const rounds = [
        { op: 'clear', who: 'admin', cards: 300, stop: killHard },
        { op: 'reset', who: 'crashuser', cards: 2000, stop: killHard },
        { op: 'import', who: 'admin', cards: 2000, stop: interrupt },
      ] as const;
      for (const [round, { op, who, cards, stop }] of rounds.entries()) {
        const archive = op === 'import' ? await api.exportZip() : null;
        await api.createMany(Array.from({ length: cards }, (_, j) => `bulk${round}n${j}`));
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
      rig.stopped();
    },
  );
});
