import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actorOf, createUser } from '../../tests/factories';
import { afterRecheck, appCopy } from '../../tests/read-model-helpers';
import { resetDatabase } from '../../tests/setup/db';
import { sessionClient } from '../../tests/factories';
import { CardModel, type CardDoc } from '../cards/card.model';
import { SiteCreateSchema, SiteUpdateSchema } from '../cards/card.schema';
import { createSiteCard, updateSiteCard } from '../cards/site-card.service';
import { deleteCard } from '../cards/card-delete.service';
import { recordResult } from '../online-check/online-check.service';
import { runDueChecks } from '../online-check/scheduler';
import { restoreSnapshot } from '../snapshots/snapshot-restore';
import { createSnapshot } from '../snapshots/snapshot.service';
import { getSpace } from './space.cache';
import { flushStatuses, pauseStatusWrites, pendingStatus } from './status-writes';

const stored = (id: string) => CardModel.findById(id).lean<CardDoc>();

async function siteOf(name: string) {
  const user = await createUser();
  const actor = actorOf(user);
  const card = await createSiteCard(
    actor,
    SiteCreateSchema.parse({ name, siteUrl: `http://127.0.0.1:9/${name}`, siteOnlineCheckFailThreshold: 1 }),
  );
  return { user, actor, card };
}

describe('check results written after their commit', () => {
  let release: (() => void) | undefined;
  beforeEach(resetDatabase);
  afterEach(async () => {
    release?.();
    release = undefined;
    await flushStatuses();
  });

  it('publishes a result at once and writes it to the card afterwards, off the owner’s queue', async () => {
    const { user, card } = await siteOf('Up');
    release = pauseStatusWrites();
    const updated = await recordResult(user._id, card.id, card.siteUrl, { online: false, reason: 'down' });
    expect(updated?.siteIsOnline).toBe(false);
    // The cached copy has it; the card document does not yet, and the writer holds it.
    expect((await getSpace(user._id)).cards.get(card.id)?.siteIsOnline).toBe(false);
    expect((await stored(card.id))?.siteOnlineCheckLastRun).toBeNull();
    expect(pendingStatus(card.id)).toMatchObject({ siteIsOnline: false });
    release();
    release = undefined;
    await flushStatuses();
    const doc = await stored(card.id);
    expect(doc?.siteIsOnline).toBe(false);
    expect(doc?.siteOnlineCheckHistory).toEqual([expect.objectContaining({ online: false, reason: 'down' })]);
  });

  it('writes the latest result when the card is saved for another reason, and no result after a deletion', async () => {
    const { user, actor, card } = await siteOf('Edited');
    release = pauseStatusWrites();
    await recordResult(user._id, card.id, card.siteUrl, { online: true });
    await updateSiteCard(actor, SiteUpdateSchema.parse({ id: card.id, name: 'Renamed' }));
    // The save carried the status along; nothing waits any more.
    expect(pendingStatus(card.id)).toBeUndefined();
    expect(await stored(card.id)).toMatchObject({ name: 'Renamed', siteIsOnline: true });

    const gone = await createSiteCard(
      actor,
      SiteCreateSchema.parse({ name: 'Gone', siteUrl: 'http://127.0.0.1:9/gone' }),
    );
    await recordResult(user._id, gone.id, gone.siteUrl, { online: true });
    expect(pendingStatus(gone.id)).toBeDefined();
    await deleteCard(actor, gone.id);
    expect(pendingStatus(gone.id)).toBeUndefined();
    release();
    release = undefined;
    await flushStatuses();
    expect(await stored(gone.id)).toBeNull();
  });

  it('never writes a result over a later one already on the card', async () => {
    const { user, card } = await siteOf('Later');
    release = pauseStatusWrites();
    await recordResult(user._id, card.id, card.siteUrl, { online: false, reason: 'down' });
    // A later result reached the document meanwhile (carried by a save, or written by another instance).
    const later = new Date(Date.now() + 60_000);
    await CardModel.updateOne(
      { _id: card.id },
      { $set: { siteIsOnline: true, siteOnlineCheckLastRun: later } },
    );
    release();
    release = undefined;
    await flushStatuses();
    expect(await stored(card.id)).toMatchObject({ siteIsOnline: true, siteOnlineCheckLastRun: later });
  });

  it('the scheduled checks count a result that is not written to the card yet', async () => {
    const { user, actor, card } = await siteOf('Checked');
    await createSiteCard(
      actor,
      SiteCreateSchema.parse({ name: 'Never', siteUrl: 'http://127.0.0.1:9/never' }),
    );
    release = pauseStatusWrites();
    await recordResult(user._id, card.id, card.siteUrl, { online: true });
    // Both documents say "never checked"; the pending result says the first was checked now: one is due.
    const { due } = await runDueChecks();
    expect(due).toBe(1);
  });

  it('results committed while another instance takes the revisions reach both copies and the documents', async () => {
    const { user, actor } = await siteOf('Shared');
    const client = await sessionClient(user);
    const cards: Awaited<ReturnType<typeof createSiteCard>>[] = [];
    for (let i = 0; i < 6; i++) {
      cards.push(
        await createSiteCard(
          actor,
          SiteCreateSchema.parse({
            name: `C${i}`,
            siteUrl: `http://127.0.0.1:9/c${i}`,
            siteOnlineCheckFailThreshold: 1,
          }),
        ),
      );
    }
    // Both copies hold the space (a first request loads the built app).
    expect((await client.get('/api/site-cards')).status).toBe(200);
    await getSpace(user._id);
    await appCopy().get(user._id);
    // This instance records results while the built app (the other instance) saves cards of the same space: some
    // of the results' commits find their revision taken and name only ids, so readers re-read the documents.
    await Promise.all(
      cards.flatMap((c, i) => [
        recordResult(user._id, c.id, c.siteUrl, { online: false, reason: `down ${i}` }),
        client.put('/api/site-cards', { id: cards[(i + 1) % cards.length]!.id, siteDescription: `App ${i}` }),
      ]),
    );
    await afterRecheck();
    await flushStatuses();
    for (const c of cards) {
      const doc = await stored(c.id);
      expect(doc?.siteIsOnline, c.name).toBe(false);
      for (const copy of [await getSpace(user._id), await appCopy().get(user._id)]) {
        const cached = copy.cards.get(c.id);
        expect(cached?.siteIsOnline, c.name).toBe(false);
        expect(cached?.siteOnlineCheckLastRun?.getTime(), c.name).toBe(
          doc?.siteOnlineCheckLastRun?.getTime(),
        );
      }
    }
  });

  it('a snapshot restore is not overtaken by a result waiting to be written', async () => {
    const { user, actor, card } = await siteOf('Restored');
    const taken = await createSnapshot(actor, { label: 'before the check' });
    if (!('item' in taken)) throw new Error('no snapshot taken');
    release = pauseStatusWrites();
    await recordResult(user._id, card.id, card.siteUrl, { online: false, reason: 'down' });
    await restoreSnapshot(actor, taken.item.id);
    // The space is the snapshot's at once (the result came before the restore; the next check tells)...
    expect((await getSpace(user._id)).cards.get(card.id)?.siteOnlineCheckLastRun ?? null).toBeNull();
    release();
    release = undefined;
    await flushStatuses();
    // ...and the document stays the same as the cached copy: the result waiting from before is not written.
    expect((await getSpace(user._id)).cards.get(card.id)?.siteOnlineCheckLastRun ?? null).toBeNull();
    expect((await stored(card.id))?.siteOnlineCheckLastRun ?? null).toBeNull();
  });
});
