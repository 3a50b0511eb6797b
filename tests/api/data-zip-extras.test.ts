// Data archives beyond the space: notification channels (user and configuration ZIPs), avatars (configuration ZIP),
// and wholesale writes (clear, reset, clean import) deleting by owner (docs/decisions.md §45).
import { beforeEach, describe, expect, it } from 'vitest';
import { newCardDoc } from '#server/cards/card.defaults';
import { CardModel, storedCard, withTags } from '#server/cards/card.model';
import { ChannelModel } from '#server/notifications/channel.model';
import { commitReload } from '#server/spaces/space.write';
import { dbSeenState, seenState } from '../read-model-helpers';
import { TagModel } from '#server/tags/tag.model';
import { UserModel, type UserDoc } from '#server/users/user.model';
import { appUrl } from '../setup/app';
import { resetDatabase } from '../setup/db';
import type { Client } from '../setup/client';
import { admin, createUser, newUserClient, sessionClient } from '../factories';
import { fileForm } from './account-helpers';
import { PNG_HEAD } from './file-helpers';
import { download, entriesOf, importZip, owner, populate, userArchive } from './zip-helpers';

const HOOK = 'https://hooks.example.test/bot/send?key=user-own-token-123';

async function addChannels(c: Client) {
  await c.post('/api/notifications', { name: 'Bot', url: HOOK, titleParam: 't', contentParam: 'c' });
  const off = await c.post('/api/notifications', {
    name: 'Form',
    url: 'https://form.example.test/in',
    method: 'PUT',
    contentType: 'application/x-www-form-urlencoded',
  });
  await c.patch(`/api/notifications/${off.json.id}`); // disabled
}

/** The caller's channels without ids and times, by name. */
async function channels(c: Client) {
  const list = (await c.get('/api/notifications')).json as Record<string, unknown>[];
  return list
    .map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

describe('notification channels in data archives', () => {
  beforeEach(resetDatabase);

  it('are exported (URL as entered, no owner) and come back in every mode', async () => {
    const { user, c } = await owner();
    await addChannels(c);
    const before = await channels(c);
    expect(before).toHaveLength(2);
    const zip = (await download(c, '/api/user/data/export')).body;
    const data = JSON.parse((await entriesOf(zip)).get('data.json')!.toString());
    expect(data.notificationChannels).toHaveLength(2);
    expect(data.notificationChannels[0]).toMatchObject({
      name: 'Bot',
      url: HOOK,
      title_param: 't',
      enabled: 1,
    });
    expect(data.notificationChannels[1]).toMatchObject({ method: 'PUT', enabled: 0 });
    expect(JSON.stringify(data)).not.toContain(user._id);
    // A sites-only archive has none.
    const sites = (await download(c, '/api/user/data/export?scope=sites-only')).body;
    expect(JSON.parse((await entriesOf(sites)).get('data.json')!.toString())).not.toHaveProperty(
      'notificationChannels',
    );

    await ChannelModel.deleteMany({ ownerId: user._id });
    expect((await importZip(c, '/api/user/data/import', zip, { mode: 'clean' })).status).toBe(200);
    expect(await channels(c)).toEqual(before);
    // incremental: names already there are skipped, a local channel stays
    await c.post('/api/notifications', { name: 'Local', url: 'https://local.example.test/' });
    expect((await importZip(c, '/api/user/data/import', zip, { mode: 'incremental' })).status).toBe(200);
    expect((await channels(c)).map((x) => x.name)).toEqual(['Bot', 'Form', 'Local']);
    // overwrite: the archive's channels replace the owner's
    expect((await importZip(c, '/api/user/data/import', zip, { mode: 'overwrite' })).status).toBe(200);
    expect(await channels(c)).toEqual(before);
    // Another user's channels are never touched.
    const bob = await newUserClient({ username: 'bob' });
    await bob.post('/api/notifications', { name: 'Bob', url: 'https://bob.example.test/' });
    await importZip(c, '/api/user/data/import', zip, { mode: 'clean' });
    expect((await channels(bob)).map((x) => x.name)).toEqual(['Bob']);
  });

  it('an archive without channels (the older format) leaves them; bad rows are skipped', async () => {
    const { c } = await owner();
    await addChannels(c);
    const before = await channels(c);
    const older = userArchive({ tags: [], cards: [], card_tags: [], card_relations: [] });
    expect((await importZip(c, '/api/user/data/import', older, { mode: 'clean' })).status).toBe(200);
    expect(await channels(c)).toEqual(before);
    const rows = [
      { id: 'x1', owner_id: '__admin__', name: 'Ok', type: 'webhook', url: 'https://ok.example.test/' },
      { id: 'x2', name: 'Ftp', url: 'ftp://bad.example.test/' },
      { id: 'x3', url: 'https://noname.example.test/' },
    ];
    const withRows = userArchive({
      tags: [],
      cards: [],
      card_tags: [],
      card_relations: [],
      notificationChannels: rows,
    });
    expect((await importZip(c, '/api/user/data/import', withRows, { mode: 'overwrite' })).status).toBe(200);
    const now = await channels(c);
    expect(now).toEqual([
      expect.objectContaining({ name: 'Ok', url: 'https://ok.example.test/', method: 'POST', enabled: true }),
    ]);
    expect(await ChannelModel.countDocuments({ ownerId: '__admin__' })).toBe(0);
  });

  it('travel in the configuration archive with each user', async () => {
    const { client } = await admin();
    const user = await createUser({ username: 'alice' });
    const c = await sessionClient(user);
    await addChannels(c);
    const before = await channels(c);
    const zip = (await download(client, '/api/config/export')).body;
    await ChannelModel.deleteMany({});
    const res = await importZip(client, '/api/config/import', zip, { mode: 'clean' });
    expect(res.status, res.text).toBe(200);
    expect(await channels(c)).toEqual(before);
  });
});

async function fileBytes(
  c: Client,
  url: string,
): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const res = await fetch((await appUrl()) + url, { headers: { cookie: c.cookieHeader() } });
  return {
    status: res.status,
    bytes: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type'),
  };
}

describe('avatars in the configuration archive', () => {
  beforeEach(resetDatabase);

  it('export -> avatar removed -> import brings the same bytes back, served; a user archive has none', async () => {
    const { client } = await admin();
    const user = await createUser({ username: 'alice' });
    const c = await sessionClient(user);
    const picture = Buffer.concat([PNG_HEAD, Buffer.alloc(300, 7)]);
    const set = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(picture, 'me.png', 'image/png'),
    });
    expect(set.status, set.text).toBe(200);

    const zip = (await download(client, '/api/config/export')).body;
    const files = await entriesOf(zip);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    const entry = manifest.users.find((u: { id: string }) => u.id === user._id);
    expect(entry.avatarAssetId).toBe(set.json.id);
    expect(files.get(`${entry.folder}avatar/${set.json.id}.png`)!.equals(picture)).toBe(true);
    expect(manifest.users.find((u: { id: string }) => u.id !== user._id).avatarAssetId).toBeNull();
    // The per-user archive moves a data space, not the account: no avatar in it.
    const own = await entriesOf((await download(c, '/api/user/data/export')).body);
    expect([...own.keys()].some((n) => n.includes(set.json.id))).toBe(false);

    expect((await c.delete('/api/user/avatar')).status).toBe(200);
    const res = await importZip(client, '/api/config/import', zip, { mode: 'clean' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.avatars).toBe(1);
    const back = (await UserModel.findById(user._id).lean<UserDoc>())!;
    expect(back.avatarAssetId).toMatch(/^asset-/);
    expect(back.avatarAssetId).not.toBe(set.json.id);
    const profile = (await c.get('/api/user/profile')).json;
    expect(profile.avatarUrl).toContain(back.avatarAssetId);
    const served = await fileBytes(c, profile.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.bytes.equals(picture)).toBe(true);

    // incremental keeps an avatar the account has; overwrite replaces it (the old file is deleted).
    const kept = back.avatarAssetId!;
    await importZip(client, '/api/config/import', zip, { mode: 'incremental' });
    expect((await UserModel.findById(user._id).lean<UserDoc>())!.avatarAssetId).toBe(kept);
    await importZip(client, '/api/config/import', zip, { mode: 'overwrite' });
    const replaced = (await UserModel.findById(user._id).lean<UserDoc>())!.avatarAssetId!;
    expect(replaced).not.toBe(kept);
    expect((await fileBytes(c, `/api/assets/${kept}/file`)).status).toBe(404);
    expect((await fileBytes(c, `/api/assets/${replaced}/file`)).bytes.equals(picture)).toBe(true);
  });
});

/**
 * A card in a tag of the owner, written as another app instance on the same database writes (its documents, then
 * the next revision of the space claimed), after the app has loaded the space.
 */
async function strays(ownerId: string) {
  const now = new Date();
  const card = newCardDoc({ ownerId, name: 'Stray', siteUrl: 'https://stray.example', globalSortOrder: 999 });
  const tag = { _id: `tag-stray-${card._id}`, ownerId, name: 'StrayTag', slug: 'straytag', order: 99 };
  const membership = { tagId: tag._id, cardId: card._id, order: 0 };
  await CardModel.collection.insertOne(storedCard(withTags(card, [membership])) as never);
  await TagModel.collection.insertOne({ ...tag, isHidden: false, createdAt: now, updatedAt: now } as never);
  await commitReload(ownerId);
  return { cardId: card._id, tagId: tag._id };
}

describe('a wholesale write leaves exactly the written space in the database', () => {
  beforeEach(resetDatabase);

  for (const op of ['reset', 'clean import', 'clear'] as const) {
    it(`${op}: documents another instance wrote after the app's copy are gone too`, async () => {
      const { user, c } = await owner();
      await populate(c);
      const zip = (await download(c, '/api/user/data/export')).body;
      expect((await c.get('/api/site-cards')).status).toBe(200); // the app has the space cached
      const stray = await strays(user._id);
      const res =
        op === 'reset'
          ? await c.post('/api/user/data/reset')
          : op === 'clear'
            ? await c.post('/api/user/data/clear')
            : await importZip(c, '/api/user/data/import', zip, { mode: op.split(' ')[0]! });
      expect(res.status, res.text).toBe(200);
      expect(await CardModel.exists({ _id: stray.cardId })).toBeNull();
      expect(await TagModel.exists({ _id: stray.tagId })).toBeNull();
      // What the app serves is what the database holds.
      expect((await c.get('/api/site-cards')).text).not.toContain('Stray');
      expect(await seenState(c)).toEqual(await dbSeenState(user._id));
      if (op === 'clear') expect(await CardModel.countDocuments({ ownerId: user._id })).toBe(0);
    });
  }
});
