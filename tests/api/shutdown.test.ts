// Acknowledged writes are in the database: an app process killed hard (SIGKILL) right after answering keeps every
// write it acknowledged, and the next process shows exactly what the database holds.
import { describe, expect, it } from 'vitest';
import { startApp } from '../../bench/lib.mjs';
import { createToken } from '#server/tokens/token.service';
import { actorOf, createUser } from '../factories';
import { dbSeenState } from '../read-model-helpers';
import { resetDatabase } from '../setup/db';

describe('stopping the app', () => {
  it('keeps every acknowledged write through a hard kill', async () => {
    await resetDatabase();
    const user = await createUser();
    const { token } = await createToken(actorOf(user), { name: 'kill', expiresIn: '30d', readOnly: false });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = (url: string, method: string, body?: object) =>
      fetch(url, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const first = await startApp({}, { ONLINE_CHECK_ON_SAVE: 'false' }, { signal: 'SIGKILL' });
    const acknowledged: string[] = [];
    let deleted: string | undefined;
    try {
      // Four clients create cards at once; one card is deleted; the process is killed as soon as they are answered.
      const made = await Promise.all(
        Array.from({ length: 4 }, (_, c) =>
          (async () => {
            const ids: string[] = [];
            for (let i = 0; i < 5; i++) {
              const res = await call(`${first.url}/api/site-cards`, 'POST', {
                name: `Client ${c} card ${i}`,
                siteUrl: `https://c${c}-${i}.example.org/`,
              });
              expect(res.status).toBe(200);
              ids.push(((await res.json()) as { item: { id: string } }).item.id);
            }
            return ids;
          })(),
        ),
      );
      acknowledged.push(...made.flat());
      deleted = acknowledged.pop()!;
      expect((await call(`${first.url}/api/site-cards?id=${deleted}`, 'DELETE')).status).toBe(200);
    } finally {
      await first.stop();
    }
    const stored = await dbSeenState(user._id);
    const ids = stored.cards.map((line) => line.split(' ')[0]);
    for (const id of acknowledged) expect(ids).toContain(id);
    expect(ids).not.toContain(deleted);

    // The next process lists exactly what the database holds.
    const second = await startApp({}, { ONLINE_CHECK_ON_SAVE: 'false' });
    try {
      const listed = (await (await call(`${second.url}/api/site-cards`, 'GET')).json()) as {
        items: { id: string }[];
      };
      expect(listed.items.map((c) => c.id).sort()).toEqual([...ids].sort());
    } finally {
      await second.stop();
    }
  }, 60_000);
});
