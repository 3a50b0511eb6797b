// The whole-instance configuration archive (admin, compat §1.10 with its correction: no secrets). Layout:
//   settings.json                 global settings without secrets (no AI key; no session key, password or token
//                                 hashes anywhere in the archive)
//   global/assets/<id><ext>       the site logos and favicon
//   users/<n>/data.json           user n's space in the per-user format (rows of compat §6.2)
//   users/<n>/assets/<id><ext>    user n's files
//   users/<n>/avatar/<id><ext>    user n's avatar picture, if any
//   manifest.json                 written last: signature, version, scope "config", the users (id, username,
//                                 role, nickname, folder, dataSignature) and the settings' signature
// Users' data and files are produced one user at a time while the ZIP streams out.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Actor } from '../actor';
import { AssetModel, type AssetDoc } from '../assets/asset.model';
import { getSettings, type Settings } from '../settings/settings.service';
import { UserModel, type UserDoc } from '../users/user.model';
import { FORMAT_VERSION, SIGNATURE, signData } from './archive-format';
import type { Progress } from './progress';
import { addAssets, collectSpace, stamp, zipResponse } from './space-export';

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
  return zipResponse(await configZip(progress), `sakura-config-${stamp()}.zip`);
}

/**
 * The configuration archive as a yazl ZIP whose `outputStream` streams it (a download, or a scheduled backup).
 * A failure while an entry is produced is emitted as `error` on the ZipFile, not on its output stream.
 */
export async function configZip(progress?: Progress): Promise<yazl.ZipFile> {
  const users = await UserModel.find({}).sort({ createdAt: 1, _id: 1 }).lean<UserDoc[]>();
  const settings = portableSettings(await getSettings());
  const settingsJson = JSON.stringify(settings);
  const globalIds = [settings.lightLogoAssetId, settings.darkLogoAssetId, settings.faviconAssetId].filter(
    (x): x is string => Boolean(x),
  );
  const globalAssets = globalIds.length
    ? await AssetModel.find({ _id: { $in: globalIds } }).lean<AssetDoc[]>()
    : [];
  // File records of every user (metadata only) are needed up front: yazl takes every entry before end().
  const files = new Map<string, AssetDoc[]>();
  const avatars = new Map<string, AssetDoc>();
  for (const a of await AssetModel.find({}).sort({ _id: 1 }).lean<AssetDoc[]>()) {
    if (a.kind === 'avatar') avatars.set(a._id, a);
    else files.set(a.ownerId, [...(files.get(a.ownerId) ?? []), a]);
  }
  const entries: ConfigUserEntry[] = [];
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(settingsJson), 'settings.json');
  addAssets(zip, globalAssets, 'global/assets/');
  progress?.phase('users', users.length);
  users.forEach((user, n) => {
    const folder = `users/${n}/`;
    // The account's avatar travels with the account (the per-user archive, a data space, has none).
    const avatar = user.avatarAssetId ? avatars.get(user.avatarAssetId) : undefined;
    const own = avatar && avatar.ownerId === user._id ? avatar : undefined;
    // The user's rows are collected only when yazl reaches this entry, so one space at a time is in memory.
    zip.addReadStreamLazy(`${folder}data.json`, (cb) => {
      collectSpace(user._id, { sitesOnly: false, allFiles: true }).then(
        ({ data }) => {
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
          progress?.step();
          cb(null, Readable.from([Buffer.from(json)]));
        },
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
    addAssets(zip, files.get(user._id) ?? [], `${folder}assets/`);
    if (own) addAssets(zip, [own], `${folder}avatar/`);
  });
  // The manifest is the last entry: by the time yazl reaches it every signature is known.
  zip.addReadStreamLazy('manifest.json', (cb) => {
    const manifest = {
      signature: SIGNATURE,
      version: FORMAT_VERSION,
      scope: 'config',
      exportedAt: new Date().toISOString(),
      settingsSignature: signData(settingsJson),
      users: entries,
    };
    cb(null, Readable.from([Buffer.from(JSON.stringify(manifest, null, 2))]));
  });
  zip.end();
  zip.outputStream.on('end', () => void progress?.finish());
  return zip;
}
