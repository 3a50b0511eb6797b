// Crash durability of the service as the README starts it (`npm start` = scripts/start.mjs with its embedded
// database and storage): writes from eight clients, then a hard kill of the app and every embedded server, a
// restart with the same command; every acknowledged write is there and every acknowledged delete gone, and a clean
// restart (Ctrl-C, then `npm start`) shows the same. Wholesale writes stopped part-way: crash-wholesale.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { clientOf, ids, npmStartRig, setUp, signIn } from './crash-helpers';

const rig = npmStartRig('crash');
const { start, killHard, interrupt, dbCards } = rig;

describe('npm start through a hard kill and Ctrl-C', () => {
  afterAll(() => rig.close());

  it(
    'keeps every acknowledged write and lists exactly what the database holds',
    { timeout: 600_000 },
    async () => {
      rig.fresh();
      let { url, child } = await start();
      let api = await setUp(url);

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
      const listed = await api.cards();
      for (const id of kept) expect(ids(listed)).toContain(id);
      for (const id of gone) expect(ids(listed)).not.toContain(id);
      expect(listed).toEqual(await dbCards('admin'));

      // A clean restart (Ctrl-C) shows the same.
      await interrupt(child);
      ({ url, child } = await start());
      api = clientOf(url, await signIn(url));
      expect(await api.cards()).toEqual(listed);
      await interrupt(child);
      rig.stopped();
    },
  );
});
