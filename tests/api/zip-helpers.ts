// Helpers for the data-ZIP tests: a hand-made ZIP writer (hostile archives no ZIP library would write), a space
// populated with every kind of data and file, and a canonical dump of a space (ids replaced by positions, files by
// their content hash) to compare before and after.
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { crc32, deflateRawSync } from 'node:zlib';
import { AssetModel, type AssetDoc } from '#server/assets/asset.model';
import { AppearanceModel } from '#server/appearance/appearance.model';
import { loadSpaceFromDb } from '#server/spaces/space.cache';
import { getObject, listObjects } from '#server/storage';
import { signData } from '#server/portability/archive-format';
import { REFUSAL_MARKER } from '#server/portability/refusal-marker';
import { admin, createUser, sessionClient } from '../factories';
import { appUrl } from '../setup/app';
import type { Client } from '../setup/client';
import { fileForm } from './account-helpers';
import { PNG_HEAD } from './file-helpers';

export interface RawEntry {
  name: string;
  data: Buffer;
  /** Deflate (default stored). */
  deflate?: boolean;
  /** Unix mode in the high bits of the external attributes (e.g. 0o120777 for a symlink). */
  unixMode?: number;
  /** Lie about the inflated size in the headers. */
  declaredSize?: number;
}

/** A ZIP written byte by byte: any names, types and sizes, valid or not. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const size = e.declaredSize ?? e.data.length;
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A valid user archive (older format unless told) around the given data rows and extra entries. */
export function userArchive(
  data: Record<string, unknown>,
  extra: RawEntry[] = [],
  manifest: Record<string, unknown> = {},
) {
  const json = Buffer.from(JSON.stringify(data));
  const m = {
    signature: '__sakuranav__',
    version: 5,
    scope: 'user',
    sitesOnly: false,
    exportedAt: new Date().toISOString(),
    dataSignature: signData(json),
    ...manifest,
  };
  return rawZip([
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(m)) },
    { name: 'data.json', data: json, deflate: true },
    ...extra,
  ]);
}

export async function download(
  c: Client,
  path: string,
): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const base = await appUrl();
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { cookie: c.cookieHeader(), origin: base, 'sec-fetch-site': 'same-origin' },
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

export function importZip(
  c: Client,
  path: string,
  zip: Buffer,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = fileForm(zip, 'data.zip', 'application/zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return c.call('POST', path, { rawBody: form, headers });
}

/** Fills a space with tags, every kind of card, memo notes, todos, relations, links and files. */
export async function populate(c: Client) {
  const up = async (path: string, bytes: Buffer, name: string) =>
    (await c.call('POST', path, { rawBody: fileForm(bytes, name, 'application/octet-stream') })).json;
  const png = (n: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(200 + n, n)]);
  const icon = await up('/api/assets/wallpaper?kind=icon', png(1), 'icon.png');
  const img = await up('/api/note-cards/upload-image', png(2), 'pic.png');
  const dev = await c.create('/api/tags', { name: 'Dev', description: 'Code' });
  const read = await c.create('/api/tags', { name: 'Reading' });
  const gh = await c.create('/api/site-cards', {
    name: 'GitHub',
    siteUrl: 'https://github.com/',
    iconUrl: icon.url,
    tagIds: [dev.id, read.id],
    siteNotes: 'memo',
    siteTodos: [{ id: 't1', text: 'star it', completed: true }],
    siteAccessRules: { urls: [{ id: 'a1', url: 'https://gh.io', label: 'short' }] },
    siteIsPinned: true,
  });
  const mdn = await c.create('/api/site-cards', {
    name: 'MDN',
    siteUrl: 'https://developer.mozilla.org',
    tagIds: [dev.id],
    siteRelatedSites: [{ cardId: gh.id, enabled: true, sortOrder: 0, source: 'manual' }],
  });
  await c.post('/api/social-cards', { cardType: 'email', payload: { email: 'me@x.test' } });
  const note = await c.create('/api/note-cards', {
    title: 'Plan',
    content: `![p](${img.url}) see [GitHub](sakura-site://${gh.id})`,
  });
  const form = fileForm(Buffer.from('attached text'), 'att.txt', 'text/plain');
  form.append('noteId', note.id);
  await c.call('POST', '/api/note-cards/attachment', { rawBody: form });
  return { dev, read, gh, mdn, note };
}

async function sha(asset: AssetDoc): Promise<string> {
  const obj = await getObject(asset.key);
  const h = createHash('sha256');
  if (obj) for await (const chunk of obj.body as unknown as AsyncIterable<Uint8Array>) h.update(chunk);
  return h.digest('hex').slice(0, 16);
}

/**
 * The space of `ownerId` with ids replaced by stable names, files by their content hashes, and orders (global and
 * within each tag) by ranks: what a user sees in a list is the order, not the numbers (a card added by hand takes an
 * order below all others, an import appends from 0).
 */
export async function dump(ownerId: string) {
  // The database's state: what every instance's cached copy converges to.
  const space = await loadSpaceFromDb(ownerId);
  const cards = [...space.cards.values()].sort(
    (a, b) => a.globalSortOrder - b.globalSortOrder || a.name.localeCompare(b.name),
  );
  const names = new Map<string, string>();
  cards.forEach((c, i) => names.set(c._id, `card${i}`));
  space.tags.forEach((t, i) => names.set(t._id, `tag${i}`));
  const appearances = await AppearanceModel.find({ ownerId }).lean();
  // Only the files something in the space uses (a replaced space's old files wait for the orphan sweep).
  const used = JSON.stringify([cards, space.tags, appearances]);
  const assets = (await AssetModel.find({ ownerId }).lean<AssetDoc[]>()).filter(
    (a) => used.includes(a._id) || (a.noteId !== null && space.cards.has(a.noteId)),
  );
  for (const a of assets) names.set(a._id, `file:${a.kind}:${await sha(a)}`);
  const swap = (v: unknown) =>
    JSON.parse(
      JSON.stringify(v).replace(
        /(?:card|site|tag|asset)-[0-9a-f-]{36}/g,
        (id) => names.get(id) ?? 'unknown-id',
      ),
    ) as unknown;
  const strip = (o: object, keys: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  const sorted = (list: unknown[]) =>
    (swap(list) as unknown[]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    tags: swap(space.tags.map((t) => strip(t, ['ownerId', 'createdAt', 'updatedAt']))),
    cards: swap(
      cards.map((c, rank) => ({
        ...strip(c, ['ownerId', 'siteIsOnline', 'siteOnlineCheckLastRun', 'siteOnlineCheckFailCount']),
        globalSortOrder: rank,
      })),
    ),
    memberships: sorted(
      [...space.membershipsByTag.values()].flatMap((list) =>
        [...list].sort((a, b) => a.order - b.order).map((m, rank) => ({ ...m, order: rank })),
      ),
    ),
    relations: sorted([...space.relations()].map((r) => strip(r, ['ownerId', 'createdAt', '_id']))),
    files: sorted(
      assets.map((a) => ({
        id: a._id,
        kind: a.kind,
        noteId: a.noteId,
        name: a.originalName,
        mime: a.mimeType,
        size: a.size,
      })),
    ),
    appearances: sorted(appearances.map((a) => strip(a, ['updatedAt', '_id', 'ownerId']))),
  };
}

/** What is stored for a user, to prove a refused import changed nothing. */
export async function everything(ownerId: string) {
  return {
    space: await dump(ownerId),
    rows: await AssetModel.countDocuments({ ownerId }),
    objects: (await listObjects(`users/${ownerId}/`)).map((o) => o.key).sort(),
  };
}

/** Every entry of a ZIP by name. */
export async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const z = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    z.on('entry', (e: yauzl.Entry) => {
      // The configuration archive's refusal marker is bzip2 (yauzl inflates only deflate): it is empty, and the
      // test of the marker checks its headers.
      if (e.fileName === REFUSAL_MARKER) return z.readEntry();
      z.openReadStream(e, (err, s) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('error', reject);
        s.on('end', () => {
          out.set(e.fileName, Buffer.concat(chunks));
          z.readEntry();
        });
      });
    });
    z.on('end', () => resolve());
    z.on('error', reject);
    z.readEntry();
  });
  return out;
}

/** The administrator and a user alice with a session. */
export async function owner() {
  await admin();
  const user = await createUser({ username: 'alice' });
  return { user, c: await sessionClient(user) };
}
