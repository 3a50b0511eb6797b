// Space images: a whole data space at one exact revision, serialized and compressed into one object storage key
// (docs/decisions.md "Space images"). A cold space is read from its image (one key lookup, whatever other users
// store) and caught up from the change records after it; FerretDB v1 would scan every user's rows instead.
//
// An image names the revision it holds and the time of that revision's change record. It is used only when the
// record is still there with that time: the newest record of a space is never swept, so an image of an idle space
// always finds it, while an image from before a wiped or rewritten space (records gone, or a record of the same
// number written later) never does. Everything after the image comes from the records, as for a copy that is
// behind; when they are missing, the caller loads the whole space from the database.
import { once } from 'node:events';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import { logger } from '../logger';
import { deleteObjects, getObject, putObject, storageKeys } from '../storage';
import type { TagDoc } from '../tags/tag.model';
import { SpaceChangeModel, changeId, type SpaceChangeDoc } from './space-change.model';
import { SpaceSnapshot, type Membership } from './space.snapshot';

const unzip = promisify(gunzip);

/** Bump when the layout below changes: older images are then ignored (and rewritten after a full load). */
const FORMAT = 1;
/** An image is written this long after the last commit of a space (bursts of commits write one image)... */
export const IMAGE_DELAY_MS = 3000;
/** ...but no later than this after the first one, well within the change records' two minutes. */
const IMAGE_MAX_DELAY_MS = 30_000;

interface SpaceImage {
  format: number;
  ownerId: string;
  rev: number;
  /** `at` of the change record of `rev` (ms): which revision `rev` this is, if the space was ever rewritten. */
  recordAt: number;
  tags: TagDoc[];
  cards: CardDoc[];
  /** [tagId, cardId, order] */
  memberships: [string, string, number][];
  relations: RelationDoc[];
  virtualOrder: Record<string, number>;
}

/** Counters a test or benchmark can read. */
export const imageStats = { written: 0, used: 0, refused: 0, failed: 0 };

const toDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : v);

/** The snapshot an image holds, if it is an image of this owner's space in the current format. */
export function decodeImage(ownerId: string, image: SpaceImage): SpaceSnapshot | null {
  if (image.format !== FORMAT || image.ownerId !== ownerId) return null;
  // JSON has no dates: the Date fields of the models are restored as `lean()` returns them.
  for (const c of image.cards) {
    c.createdAt = toDate(c.createdAt) as Date;
    c.updatedAt = toDate(c.updatedAt) as Date;
    c.siteOnlineCheckLastRun = toDate(c.siteOnlineCheckLastRun) as Date | null;
  }
  for (const t of image.tags) {
    t.createdAt = toDate(t.createdAt) as Date;
    t.updatedAt = toDate(t.updatedAt) as Date;
  }
  for (const r of image.relations) r.createdAt = toDate(r.createdAt) as Date;
  const memberships: Membership[] = image.memberships.map(([tagId, cardId, order]) => ({
    tagId,
    cardId,
    order,
  }));
  return new SpaceSnapshot(
    ownerId,
    image.rev,
    Date.now(),
    image.tags,
    new Map(image.cards.map((c) => [c._id, c])),
    memberships,
    image.relations,
    image.virtualOrder,
  );
}

/** Cards serialized between two turns of the event loop while an image is encoded. */
const CARDS_PER_SLICE = 500;

/**
 * The image as gzipped JSON, its cards a slice at a time: one `JSON.stringify` of a 20,000-card space held the
 * event loop for most of a second and left a string of tens of MB for the collector (a CPU profile of
 * bench/bookmarks-import.mjs). The slices go through one gzip stream; only the compressed bytes are kept.
 */
async function encodeImage(snapshot: SpaceSnapshot, recordAt: number): Promise<Buffer> {
  const memberships: [string, string, number][] = [];
  for (const list of snapshot.membershipsByTag.values())
    for (const m of list) memberships.push([m.tagId, m.cardId, m.order]);
  const head: Omit<SpaceImage, 'cards'> = {
    format: FORMAT,
    ownerId: snapshot.ownerId,
    rev: snapshot.rev,
    recordAt,
    tags: snapshot.tags,
    memberships,
    relations: [...snapshot.relations()],
    virtualOrder: { ...snapshot.virtualOrder },
  };
  const cards = [...snapshot.cards.values()];
  const gz = createGzip({ level: 3 });
  const out: Buffer[] = [];
  gz.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(gz, 'end');
  gz.write(`${JSON.stringify(head).slice(0, -1)},"cards":[`);
  for (let i = 0; i < cards.length; i += CARDS_PER_SLICE) {
    const slice = cards.slice(i, i + CARDS_PER_SLICE).map((c) => JSON.stringify(c));
    gz.write((i ? ',' : '') + slice.join(','));
    await new Promise((resolve) => setImmediate(resolve));
  }
  gz.end(']}');
  await ended;
  return Buffer.concat(out);
}

function findRecord(ownerId: string, rev: number): Promise<SpaceChangeDoc | null> {
  return SpaceChangeModel.findById(changeId(ownerId, rev), { _id: 1, at: 1 }).lean<SpaceChangeDoc>();
}

/**
 * The space as its image holds it, if there is one that is still an image of this space: the change record of its
 * revision is there with the same time. Null means "load it from the database". Never throws.
 */
export async function readSpaceImage(ownerId: string): Promise<SpaceSnapshot | null> {
  try {
    const object = await getObject(storageKeys.spaceImage(ownerId));
    if (!object) return null;
    const bytes = Buffer.from(await new Response(object.body).arrayBuffer());
    const image = JSON.parse((await unzip(bytes)).toString('utf8')) as SpaceImage;
    const record = image.rev > 0 ? await findRecord(ownerId, image.rev) : null;
    const snapshot = decodeImage(ownerId, image);
    if (!snapshot || !record || record.at.getTime() !== image.recordAt) {
      imageStats.refused++;
      logger.info('space', 'image not used', { ownerId, rev: image.rev, record: Boolean(record) });
      return null;
    }
    imageStats.used++;
    return snapshot;
  } catch (err) {
    imageStats.failed++;
    logger.warn('space', 'could not read a space image', { ownerId, error: String(err) });
    return null;
  }
}

/**
 * Writes the image of a snapshot, labelled with its revision. Skipped when the revision's change record is gone
 * (the snapshot is already behind) or the space has never been committed.
 */
export async function writeSpaceImage(snapshot: SpaceSnapshot): Promise<boolean> {
  if (snapshot.rev < 1) return false;
  const record = await findRecord(snapshot.ownerId, snapshot.rev);
  if (!record) return false;
  const body = await encodeImage(snapshot, record.at.getTime());
  await putObject(storageKeys.spaceImage(snapshot.ownerId), body, {
    contentType: 'application/gzip',
    metadata: { rev: String(snapshot.rev) },
  });
  imageStats.written++;
  return true;
}

/** Deletes a space's image (the space is deleted; its records say so too, this only frees the storage). */
export async function deleteSpaceImage(ownerId: string): Promise<void> {
  cancelImage(ownerId);
  await deleteObjects([storageKeys.spaceImage(ownerId)]);
}

interface Pending {
  timer: NodeJS.Timeout;
  first: number;
  current: () => SpaceSnapshot | undefined;
}
const pending = new Map<string, Pending>();
/** The revision of the last image written per space by this process (no second image of the same revision). */
const written = new Map<string, number>();
const running = new Set<Promise<unknown>>();

function cancelImage(ownerId: string) {
  const p = pending.get(ownerId);
  if (p) clearTimeout(p.timer);
  pending.delete(ownerId);
  written.delete(ownerId);
}

async function writeNow(ownerId: string, current: () => SpaceSnapshot | undefined) {
  pending.delete(ownerId);
  // The copy as it is when the timer fires: a published snapshot is exactly at its label (space.cache.ts).
  const snapshot = current();
  if (!snapshot || snapshot.ownerId !== ownerId || (written.get(ownerId) ?? 0) >= snapshot.rev) return;
  const job = writeSpaceImage(snapshot)
    .then((ok) => {
      if (ok) written.set(ownerId, Math.max(written.get(ownerId) ?? 0, snapshot.rev));
    })
    .catch((err: unknown) => {
      imageStats.failed++;
      logger.warn('space', 'could not write a space image', { ownerId, error: String(err) });
    });
  running.add(job);
  await job.finally(() => running.delete(job));
}

/**
 * Writes the image of a space a little after its last change, off the request path. `current` gives the copy to
 * write when the time comes (the cached one), so a burst of commits writes one image of the newest.
 */
export function scheduleImage(ownerId: string, current: () => SpaceSnapshot | undefined): void {
  const now = Date.now();
  const p = pending.get(ownerId);
  if (p) clearTimeout(p.timer);
  const first = p?.first ?? now;
  const delay = Math.max(0, Math.min(IMAGE_DELAY_MS, first + IMAGE_MAX_DELAY_MS - now));
  const timer = setTimeout(() => void writeNow(ownerId, current), delay);
  timer.unref();
  pending.set(ownerId, { timer, first, current });
}

/** Writes every scheduled image now and waits for all writes (tests, shutdown). */
export async function flushSpaceImages(): Promise<void> {
  for (const [ownerId, p] of [...pending]) {
    clearTimeout(p.timer);
    void writeNow(ownerId, p.current);
  }
  await Promise.all([...running]);
}

/** Forgets what was scheduled or written (tests that empty the database). */
export function forgetSpaceImages(): void {
  for (const p of pending.values()) clearTimeout(p.timer);
  pending.clear();
  written.clear();
}
