// The per-user data ZIP (compat §1.11, §6.2): export, detect, import, reset and clear of the caller's own space.
import { open } from 'node:fs/promises';
import yazl from 'yazl';
import { ADMIN_ID, type Actor } from '../actor';
import { planNoteTodos } from '../cards/note-todos';
import { badRequest } from '../errors';
import { getBootstrap } from '../navigation/bootstrap.service';
import { starterData, type SeedLocale } from '../setup/seed';
import { getSpace, mergeChanges, type SpaceChange, type SpaceSnapshot } from '../spaces/space.cache';
import { isEmptyChange } from '../spaces/space.change';
import { copyOfSpace } from '../users/starter-copy';
import { writeSpace } from '../spaces/space.write';
import { getQuotas } from '../settings/settings.service';
import {
  FORMAT_VERSION,
  SIGNATURE,
  isOwnArchive,
  ownerProof,
  readManifest,
  signData,
} from './archive-format';
import { beforeReplacingSpace } from './before-change';
import { IMPORT_MODES, planImport, type ImportCounts, type ImportMode } from './import-plan';
import type { Progress } from './progress';
import { addAssets, collectSpace, stamp, zipResponse } from './space-export';
import { importSpace } from './space-import';
import { archiveRowLimits, readSpaceData } from './space-read';
import { SafeZip, USER_ZIP_LIMITS, looksLikeZip, refuse, type Spooled } from './zip-read';

/** A user archive's data.json, every row checked and counted against the account quotas (space-read.ts). */
async function readUserData(zip: SafeZip, signature: unknown) {
  return readSpaceData(zip, 'data.json', signature, archiveRowLimits(await getQuotas(), USER_ZIP_LIMITS));
}

export type ExportScope = 'full' | 'sites-only';

export function parseScope(value: string | null | undefined): ExportScope {
  if (value === undefined || value === null || value === '' || value === 'full') return 'full';
  if (value === 'sites-only') return 'sites-only';
  throw badRequest('scope must be "full" or "sites-only"');
}

export function parseMode(value: string | null | undefined): ImportMode {
  if (!value) return 'clean';
  if ((IMPORT_MODES as readonly string[]).includes(value)) return value as ImportMode;
  throw badRequest('mode must be "clean", "incremental" or "overwrite"');
}

/** The caller's space as a ZIP download, streamed (files are read from storage while the ZIP is written). */
export async function exportUserData(
  actor: Actor,
  scope: ExportScope,
  progress?: Progress,
): Promise<Response> {
  const sitesOnly = scope === 'sites-only';
  const { data, assets } = await collectSpace(actor.userId, { sitesOnly });
  const json = JSON.stringify(data);
  const dataSignature = signData(json);
  const manifest = {
    signature: SIGNATURE,
    version: FORMAT_VERSION,
    scope: 'user',
    sitesOnly,
    exportedAt: new Date().toISOString(),
    hasAppearance: Boolean(data.appearances?.length),
    dataSignature,
    // Read back by this instance only: an import of it by the same account keeps the ids (public links).
    ownerProof: ownerProof(actor.userId, dataSignature),
  };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  zip.addBuffer(Buffer.from(json), 'data.json');
  progress?.phase('files', assets.length);
  addAssets(zip, assets, 'assets/', () => progress?.step());
  zip.end();
  zip.outputStream.on('end', () => void progress?.finish());
  const name = `sakura-${actor.username.replace(/[^A-Za-z0-9_.-]/g, '_')}${sitesOnly ? '-sites' : ''}-${stamp()}.zip`;
  return zipResponse(zip, name);
}

export type DetectResult =
  | {
      type: 'sakuranav';
      filename: string | null;
      scope: string;
      sitesOnly: boolean;
      exportedAt: string | null;
      counts: { tags: number; cards: number; files: number };
    }
  | { type: 'external'; filename: string | null; content: string };

const TEXT_PREVIEW = 100_000;

/** What an uploaded file is: one of our archives (checked as its import checks it, rows included) or not. */
export async function detectUpload(file: Spooled): Promise<DetectResult> {
  if (!(await looksLikeZip(file.path))) {
    const fd = await open(file.path, 'r');
    try {
      const buf = Buffer.alloc(Math.min(file.size, TEXT_PREVIEW * 4));
      const { bytesRead } = await fd.read(buf, 0, buf.length, 0);
      return {
        type: 'external',
        filename: file.filename,
        content: buf.toString('utf8', 0, bytesRead).slice(0, TEXT_PREVIEW),
      };
    } finally {
      await fd.close();
    }
  }
  const zip = await SafeZip.open(file.path, USER_ZIP_LIMITS);
  try {
    if (!zip.has('manifest.json')) return { type: 'external', filename: file.filename, content: '' };
    const manifest = await readManifest(zip);
    const data = manifest.scope === 'config' ? null : await readUserData(zip, manifest.dataSignature);
    return {
      type: 'sakuranav',
      filename: file.filename,
      scope: typeof manifest.scope === 'string' ? manifest.scope : 'user',
      sitesOnly: manifest.sitesOnly === true,
      exportedAt: typeof manifest.exportedAt === 'string' ? manifest.exportedAt : null,
      counts: {
        tags: data?.tags.length ?? 0,
        cards: data?.cards.length ?? 0,
        files: zip.filesUnder('assets/').length,
      },
    };
  } finally {
    zip.close();
  }
}

/**
 * Imports an uploaded archive into the caller's space. The archive is checked completely (names, sizes,
 * signatures, every row by the rules of the other write paths, the counts against the quotas) before anything
 * changes; a refused archive changes nothing.
 */
export async function importUserData(
  actor: Actor,
  file: Spooled,
  mode: ImportMode,
  progress?: Progress,
): Promise<ImportCounts> {
  const zip = await SafeZip.open(file.path, USER_ZIP_LIMITS);
  try {
    const manifest = await readManifest(zip);
    if (manifest.scope === 'config')
      throw refuse(
        'bad_data',
        'This is a whole-instance configuration archive; an administrator imports it in the configuration import',
      );
    const data = await readUserData(zip, manifest.dataSignature);
    progress?.phase('files', zip.filesUnder('assets/').length);
    // The dry run plans without the files (they are stored later): whether rows change does not depend on them. A
    // clean import of a space that holds anything changes it, without a plan of 10,000 cards to say so.
    const options = { mode, sitesOnly: manifest.sitesOnly === true };
    await beforeReplacingSpace(
      actor.userId,
      'import',
      (space) =>
        (mode === 'clean' && (space.size > 0 || space.tags.length > 0)) ||
        !isEmptyChange(planImport(space, data, { ...options, assetIds: new Map() }).change),
    );
    return await importSpace(actor.userId, zip, data, {
      ...options,
      folder: 'assets/',
      progress,
      keepIds: isOwnArchive(manifest, actor.userId),
    });
  } finally {
    zip.close();
  }
}

/** Everything in a space deleted, as a change (memberships and relations named explicitly). */
export function emptySpaceChange(space: SpaceSnapshot): SpaceChange {
  return {
    deleteCards: [...space.cards.keys()],
    deleteTags: space.tags.map((t) => t._id),
    deleteMemberships: [...space.membershipsByCard.values()].flat().map((m) => `${m.tagId}:${m.cardId}`),
    deleteRelations: [...space.relations()].map((r) => r._id),
  };
}

/** Removes all of the caller's tags and cards (every kind); appearance and settings stay. */
export async function clearUserData(actor: Actor): Promise<{ tags: number; cards: number }> {
  await beforeReplacingSpace(actor.userId, 'clear', (space) => !isEmptyChange(emptySpaceChange(space)));
  const { result } = await writeSpace(actor.userId, (space) => ({
    change: emptySpaceChange(space),
    replace: true,
    result: { tags: space.tags.length, cards: space.size },
  }));
  return result;
}

/**
 * Replaces the caller's tags and cards with the starter data: the administrator gets the seed data of a new
 * instance, anyone else a fresh copy of the administrator's dashboard (what a new account starts with).
 */
export async function resetUserData(
  actor: Actor,
  locale: SeedLocale,
): Promise<{ tags: number; cards: number }> {
  await beforeReplacingSpace(actor.userId, 'reset');
  return resetSpace(actor.userId, locale);
}

/** Internal: one space back to its starter data, in one unit of work. */
export async function resetSpace(
  ownerId: string,
  locale: SeedLocale,
): Promise<{ tags: number; cards: number }> {
  let fresh: {
    upsertTags: SpaceChange['upsertTags'];
    upsertCards: SpaceChange['upsertCards'];
    upsertMemberships: SpaceChange['upsertMemberships'];
  };
  if (ownerId === ADMIN_ID) {
    const seed = starterData(ownerId, locale);
    fresh = {
      upsertTags: seed.tags,
      upsertCards: seed.cards,
      upsertMemberships: seed.memberships,
    };
  } else {
    fresh = copyOfSpace(await getSpace(ADMIN_ID), ownerId);
  }
  const { result } = await writeSpace(ownerId, (space) => {
    const change = mergeChanges(emptySpaceChange(space), fresh);
    return {
      change,
      followUp: planNoteTodos,
      replace: true,
      result: { tags: fresh.upsertTags?.length ?? 0, cards: fresh.upsertCards?.length ?? 0 },
    };
  });
  return result;
}

/** The answer of import, reset and clear: the caller's dashboard as the bootstrap call gives it, plus `ok`. */
export async function dataAnswer(actor: Actor, extra: Record<string, unknown> = {}) {
  return { ok: true as const, ...(await getBootstrap(actor)), ...extra };
}
