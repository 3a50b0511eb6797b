// The whole-instance configuration archive (admin, compat §1.10 with its correction: no secrets). Layout:
//   THIS-IS-A-SAKURA-DASH-…   first: the empty refusal marker (refusal-marker.ts), bzip2
//   settings.json                 global settings without secrets (no AI key; no session key, password or token
//                                 hashes anywhere in the archive)
//   global/assets/<id><ext>       the site logos and favicon
//   users/<n>/data.json           user n's space in the per-user format (rows of compat §6.2)
//   users/<n>/assets/<id><ext>    user n's files
//   users/<n>/avatar/<id><ext>    user n's avatar picture, if any
//   manifest.json                 written last: signature, version, scope "config", the users (id, username,
//                                 role, nickname, folder, dataSignature) and the settings' signature
// Users' data and files are produced one user at a time while the ZIP streams out.
//
// Unlike the per-user archive (yazl, importable by the older service), this one is written with zip.js: it starts
// with the refusal marker (refusal-marker.ts), an entry stored with a compression method yazl cannot write, so the
// older service's `clean` import refuses the file before it wipes its instance (decisions §70).
import {
  TextReader,
  Uint8ArrayReader,
  ZipWriter,
  type ZipWriterAddDataOptions,
  type ZipWriterConstructorOptions,
} from '@zip.js/zip.js';
import type { Actor } from '../actor';
import { AssetModel, type AssetDoc } from '../assets/asset.model';
import { getSettings, type Settings } from '../settings/settings.service';
import { getObject } from '../storage';
import { UserModel, type UserDoc } from '../users/user.model';
import { FORMAT_VERSION, SIGNATURE, assetEntryName, signData } from './archive-format';
import type { Progress } from './progress';
import { EMPTY_BZIP2, REFUSAL_MARKER, REFUSAL_MARKER_METHOD } from './refusal-marker';
import { collectSpace, compressible, stamp, zipStreamResponse } from './space-export';

/** The settings that are the server's own, not the instance's content: an archive neither carries nor resets them. */
export const SERVER_SETTINGS = [
  'backupEnabled',
  'backupEveryHours',
  'backupHour',
  'backupKeep',
  'backupDestination',
] as const;

/**
 * The settings as exported: without the AI key (a credential), the last online-check run (runtime state) and the
 * backup schedule (restoring an old backup must not switch backups off or shorten their retention).
 */
export type PortableSettings = Omit<
  Settings,
  'aiApiKey' | 'onlineCheckLastRun' | (typeof SERVER_SETTINGS)[number]
>;

export function portableSettings(s: Settings): PortableSettings {
  const { aiApiKey: _secret, onlineCheckLastRun: _runtime, ...rest } = s;
  for (const key of SERVER_SETTINGS) delete (rest as Partial<Settings>)[key];
  return rest;
}

export interface ConfigUserEntry {
  id: string;
  username: string;
  role: string;
  nickname: string | null;
  avatarColor: string;
  createdAt: string;
  folder: string;
  dataSignature: string;
  /** The user's avatar picture, stored as `<folder>avatar/<id><ext>` (absent: none). */
  avatarAssetId?: string | null;
}

/** Every user's data and files plus the global settings, as a ZIP that streams while it is written. */
export async function exportConfig(actor: Actor, progress?: Progress): Promise<Response> {
  void actor;
  return zipStreamResponse(await configZip(progress), `sakura-config-${stamp()}.zip`);
}

/**
 * The configuration archive as a stream written while it is read (a download, or a scheduled backup); a failure
 * while an entry is produced errors the stream, so it never ends as a ZIP that looks complete.
 */
export async function configZip(progress?: Progress): Promise<ReadableStream<Uint8Array>> {
  const users = await UserModel.find({}).sort({ createdAt: 1, _id: 1 }).lean<UserDoc[]>();
  const settings = portableSettings(await getSettings());
  const settingsJson = JSON.stringify(settings);
  const globalIds = [settings.lightLogoAssetId, settings.darkLogoAssetId, settings.faviconAssetId].filter(
    (x): x is string => Boolean(x),
  );
  const globalAssets = globalIds.length
    ? await AssetModel.find({ _id: { $in: globalIds } }).lean<AssetDoc[]>()
    : [];
  // File records of every user (metadata only); their bytes are opened one at a time while the ZIP is written.
  const files = new Map<string, AssetDoc[]>();
  const avatars = new Map<string, AssetDoc>();
  for (const a of await AssetModel.find({}).sort({ _id: 1 }).lean<AssetDoc[]>()) {
    if (a.kind === 'avatar') avatars.set(a._id, a);
    else files.set(a.ownerId, [...(files.get(a.ownerId) ?? []), a]);
  }

  // The ZIP is written into a pipe whose reading side is the response body. Entries are added one after another,
  // each awaited, and a write waits until the client has read the previous chunk (writable highWaterMark 1,
  // readable 0): a slow client holds the export back instead of filling memory.
  let pipeControl!: TransformStreamDefaultController<Uint8Array>;
  const pipe = new TransformStream<Uint8Array, Uint8Array>(
    { start: (c) => void (pipeControl = c) },
    { highWaterMark: 1 },
    { highWaterMark: 0 },
  );
  const zip = new ZipWriter(pipe.writable, ZIP_OPTIONS);

  const write = async () => {
    await zip.add(REFUSAL_MARKER, new Uint8ArrayReader(EMPTY_BZIP2), {
      passThrough: true,
      compressionMethod: REFUSAL_MARKER_METHOD,
      uncompressedSize: 0,
      crc32: 0,
    });
    await zip.add('settings.json', new TextReader(settingsJson));
    await addFiles(zip, globalAssets, 'global/assets/');
    progress?.phase('users', users.length);
    const entries: ConfigUserEntry[] = [];
    for (const [n, user] of users.entries()) {
      const folder = `users/${n}/`;
      // The account's avatar travels with the account (the per-user archive, a data space, has none).
      const avatar = user.avatarAssetId ? avatars.get(user.avatarAssetId) : undefined;
      const own = avatar && avatar.ownerId === user._id ? avatar : undefined;
      // The user's rows are collected only when the ZIP reaches them, so one space at a time is in memory.
      const { data } = await collectSpace(user._id, { sitesOnly: false, allFiles: true });
      const json = JSON.stringify(data);
      entries.push({
        id: user._id,
        username: user.username,
        role: user.role,
        nickname: user.nickname,
        avatarColor: user.avatarColor,
        createdAt: new Date(user.createdAt).toISOString(),
        folder,
        dataSignature: signData(json),
        avatarAssetId: own?._id ?? null,
      });
      await zip.add(`${folder}data.json`, new TextReader(json));
      progress?.step();
      await addFiles(zip, files.get(user._id) ?? [], `${folder}assets/`);
      if (own) await addFiles(zip, [own], `${folder}avatar/`);
    }
    // The manifest is the last entry: by now every signature is known.
    const manifest = {
      signature: SIGNATURE,
      version: FORMAT_VERSION,
      scope: 'config',
      exportedAt: new Date().toISOString(),
      settingsSignature: signData(settingsJson),
      users: entries,
    };
    await zip.add('manifest.json', new TextReader(JSON.stringify(manifest, null, 2)));
    await zip.close();
  };
  write().then(
    () => void progress?.finish(),
    (err: unknown) => {
      // A failed read (storage, database) or a client that went away: the download ends with an error rather
      // than as a ZIP that looks complete.
      pipeControl.error(err);
      void progress?.finish(err);
    },
  );
  return pipe.readable;
}

/**
 * zip.js in the server: no web workers (the deflating runs in Node's zlib through CompressionStream), regular files
 * with the mode yazl gives them.
 */
const ZIP_OPTIONS = { useWebWorkers: false, unixMode: 0o100664 } satisfies ZipWriterConstructorOptions;

/** Adds files under `folder`, each opened from storage only when the ZIP reaches it. */
async function addFiles(zip: ZipWriter<unknown>, assets: AssetDoc[], folder: string): Promise<void> {
  for (const asset of assets) {
    const obj = await getObject(asset.key);
    const options: ZipWriterAddDataOptions = {
      lastModDate: new Date(asset.createdAt),
      // zip.js deflates at level 6 by default, as yazl did; pictures and videos are stored.
      level: compressible(asset.mimeType) ? 6 : 0,
    };
    // A file missing from storage is exported empty rather than failing the whole export.
    if (!obj) await zip.add(assetEntryName(asset, folder), new Uint8ArrayReader(new Uint8Array(0)), options);
    // The expected size keeps the entry out of the Zip64 layout zip.js gives a stream of unknown length.
    else await zip.add(assetEntryName(asset, folder), obj.body, { ...options, uncompressedSize: asset.size });
  }
}
