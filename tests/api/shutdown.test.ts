// A stopped app process leaves nothing behind that it had only scheduled: the image of a space written a moment
// before SIGTERM is written on the way out (else the next cold read after a restart starts from an older image).
import { describe, expect, it } from 'vitest';
import { startApp } from '../../bench/lib.mjs';
import { createToken } from '#server/tokens/token.service';
import { flushSpaceImages, readSpaceImage } from '#server/spaces/space.image';
import { headRev } from '#server/spaces/space.head';
import { actorOf, createUser } from '../factories';
import { resetDatabase } from '../setup/db';

describe('stopping the app', () => {
  it('writes the space images it had scheduled before it exits', async () => {
    await resetDatabase();
    const user = await createUser();
    // This process's own image of the new space, written now, so it cannot land after the app's.
    await flushSpaceImages();
    const { token } = await createToken(actorOf(user), {
      name: 'shutdown',
      expiresIn: '30d',
      readOnly: false,
    });
    const app = await startApp({}, { ONLINE_CHECK_ON_SAVE: 'false' });
    try {
      const res = await fetch(`${app.url}/api/site-cards`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Written on the way out', siteUrl: 'https://example.org/out' }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const card = ((await res.json()) as { item: { id: string } }).item;
      // The image is due 3 s after the change; the process is told to stop at once.
      await app.stop();
      const image = await readSpaceImage(user._id);
      expect(image?.rev).toBe(await headRev(user._id));
      expect(image?.cards.has(card.id)).toBe(true);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
