import { beforeEach, describe, expect, it } from 'vitest';
import { AssetModel } from '#server/assets/asset.model';
import { ORPHAN_GRACE_MS, sweepOrphanAssets } from '#server/assets/asset.sweep';
import { newUserClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { fileForm } from './account-helpers';
import { PNG_HEAD } from './file-helpers';

const later = (n: number) => Date.now() + n * ORPHAN_GRACE_MS + 1000;
const alive = async (id: string) => (await AssetModel.countDocuments({ _id: id })) === 1;

describe('snapshots keep the files they reference', () => {
  beforeEach(resetDatabase);

  it('a deleted note’s image and attachment survive while a snapshot holds the note, and come back on restore', async () => {
    const c = await newUserClient();
    const up = async (path: string, bytes: Buffer, name: string) =>
      (await c.call('POST', path, { rawBody: fileForm(bytes, name, 'application/octet-stream') })).json;
    const img = await up('/api/note-cards/upload-image', PNG_HEAD, 'a.png');
    const note = await c.create('/api/note-cards', { content: `![pic](${img.url})` });
    const form = fileForm(Buffer.from('att'), 'att.txt', 'text/plain');
    form.append('noteId', note.id);
    const att = (await c.call('POST', '/api/note-cards/attachment', { rawBody: form })).json.item;
    const snap = await c.create('/api/snapshots', { label: 'with note' });

    expect((await c.delete(`/api/note-cards?id=${note.id}`)).status).toBe(200);
    await sweepOrphanAssets(later(2));
    await sweepOrphanAssets(later(4));
    expect(await alive(img.assetId)).toBe(true);
    expect(await alive(att.id)).toBe(true);

    expect((await c.post(`/api/snapshots?action=restore&id=${snap.id}`)).status).toBe(200);
    expect((await c.get(`/api/note-cards/attachment?noteId=${note.id}`)).json.items).toHaveLength(1);
    expect((await c.get(img.url)).status).toBe(200);

    // Once no snapshot and no card references them, they go like any other file.
    const del = await c.delete(`/api/note-cards?id=${note.id}`);
    expect(del.status).toBe(200);
    for (const s of (await c.get('/api/snapshots')).json.items) await c.delete(`/api/snapshots?id=${s.id}`);
    await sweepOrphanAssets(later(2));
    await sweepOrphanAssets(later(4));
    expect(await alive(img.assetId)).toBe(false);
    expect(await alive(att.id)).toBe(false);
  });
});
