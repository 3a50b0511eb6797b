import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { AssetModel } from '#server/assets/asset.model';
import { ORPHAN_GRACE_MS, sweepOrphanAssets } from '#server/assets/asset.sweep';
import { listObjects, putObject } from '#server/storage';
import { purgeUser } from '#server/users/account-deletion';
import { resetDatabase } from '../setup/db';
import { createUser, sessionClient } from '../factories';
import { fileForm } from './account-helpers';
import { PNG_HEAD, storedFor } from './file-helpers';

const later = (n: number) => Date.now() + n * ORPHAN_GRACE_MS + 1000;

async function setup() {
  const user = await createUser();
  const c = await sessionClient(user);
  const up = async (path: string, bytes: Buffer, name: string) =>
    (await c.call('POST', path, { rawBody: fileForm(bytes, name, 'application/octet-stream') })).json;
  return { user, c, up };
}

const alive = async (id: string) => (await AssetModel.countDocuments({ _id: id })) === 1;

describe('stored files live while something references them', () => {
  beforeEach(resetDatabase);

  it('a deleted note’s files go after the grace period; unreferenced uploads are marked first; referenced stay', async () => {
    const { user, c, up } = await setup();
    const img = await up('/api/note-cards/upload-image', PNG_HEAD, 'a.png');
    const file = await up('/api/note-cards/upload-file', Buffer.from('notes'), 'n.txt');
    const stray = await up('/api/note-cards/upload-image', PNG_HEAD, 'never-used.png');
    const icon = await up('/api/assets/wallpaper?kind=icon', PNG_HEAD, 'i.png');
    const note = await c.create('/api/note-cards', {
      content: `![pic](${img.url}) [doc](${file.url})`,
      iconUrl: icon.url,
    });
    const keep = await c.create('/api/note-cards', { content: `still shows ![x](${img.url})` });
    const form = fileForm(Buffer.from('att'), 'att.txt', 'text/plain');
    form.append('noteId', note.id);
    const att = (await c.call('POST', '/api/note-cards/attachment', { rawBody: form })).json.item;

    // Nothing is judged before the grace period.
    expect(await sweepOrphanAssets()).toEqual({ marked: 0, deleted: 0 });
    const del = await c.delete(`/api/note-cards?id=${note.id}`);
    expect(del.status).toBe(200);
    expect((await AssetModel.findById(att.id).lean())!.detachedAt).not.toBeNull();

    await sweepOrphanAssets(later(2));
    // The attachment went with its note; the file and icon only it referenced are marked; the stray upload too;
    // the image another note shows stays.
    expect(await alive(att.id)).toBe(false);
    for (const id of [file.assetId, icon.id, stray.assetId, img.assetId]) expect(await alive(id)).toBe(true);
    expect((await AssetModel.findById(img.assetId).lean())!.detachedAt).toBeNull();
    expect((await AssetModel.findById(stray.assetId).lean())!.detachedAt).not.toBeNull();

    await sweepOrphanAssets(later(4));
    for (const id of [file.assetId, icon.id, stray.assetId]) expect(await alive(id)).toBe(false);
    expect(await alive(img.assetId)).toBe(true);
    expect(keep.id).toBeTruthy();
    // Rows and objects agree.
    expect(await storedFor(user._id)).toEqual({ rows: 1, objects: 1 });
  });

  it('an undone note deletion keeps its files', async () => {
    const { c } = await setup();
    const note = await c.create('/api/note-cards', { content: 'n' });
    const form = fileForm(Buffer.from('att'), 'att.txt', 'text/plain');
    form.append('noteId', note.id);
    const att = (await c.call('POST', '/api/note-cards/attachment', { rawBody: form })).json.item;
    const del = await c.delete(`/api/note-cards?id=${note.id}`);
    expect((await c.post('/api/undo', { token: del.json.undoToken })).status).toBe(200);
    await sweepOrphanAssets(later(2));
    expect(await alive(att.id)).toBe(true);
    expect((await AssetModel.findById(att.id).lean())!.detachedAt).toBeNull();
    expect((await c.get(`/api/note-cards/attachment?noteId=${note.id}`)).json.items).toHaveLength(1);
  });

  it('removes stored objects without a record, and purgeUser removes every object', async () => {
    const { user, up } = await setup();
    const key = `users/${user._id}/assets/asset-${randomUUID()}`;
    await putObject(key, Readable.from([Buffer.from('half an upload')]), { contentType: 'text/plain' });
    await up('/api/note-cards/attachment', Buffer.from('x'), 'x.txt');
    await up('/api/assets/wallpaper', PNG_HEAD, 'w.png');
    expect(await sweepOrphanAssets()).toEqual({ marked: 0, deleted: 0 });
    await sweepOrphanAssets(later(2));
    expect((await listObjects(`users/${user._id}/`)).map((o) => o.key)).not.toContain(key);
    expect(await storedFor(user._id)).toEqual({ rows: 2, objects: 2 });
    await purgeUser(user._id);
    expect(await storedFor(user._id)).toEqual({ rows: 0, objects: 0 });
  });
});
