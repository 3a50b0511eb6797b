// Importing and resetting the whole instance (admin). Every part of a configuration archive is checked (entries,
// manifest, the signature of the settings and of every user's data) before anything changes.
import { randomUUID } from 'node:crypto';
import { ADMIN_ID, type Actor } from '../actor';
import { AppearanceModel } from '../appearance/appearance.model';
import { AssetModel } from '../assets/asset.model';
import { verifyPassword } from '../auth/passwords';
import { AppError, forbidden } from '../errors';
import { addressChanged } from '../net/stored-secret';
import { SETTINGS_DEFAULTS } from '../settings/settings.model';
import { getSettings, saveSettings, type Settings } from '../settings/settings.service';
import type { SeedLocale } from '../setup/seed';
import { randomAvatarColor } from '../users/avatar-color';
import { UserModel, type UserDoc } from '../users/user.model';
import { usernameKey } from '../users/user.lookup';
import { readManifest, readSignedData, readSignedJson } from './archive-format';
import { beforeReplacingSpace } from './before-change';
import type { ConfigUserEntry, PortableSettings } from './config-export';
import type { ImportMode } from './import-plan';
import type { Progress } from './progress';
import { importAvatar } from './config-avatar';
import { importSpace, storeFiles } from './space-import';
import { resetSpace } from './user-data.service';
import { CONFIG_ZIP_LIMITS, SafeZip, refuse, type Spooled } from './zip-read';

const SETTING_KEYS = Object.keys(SETTINGS_DEFAULTS).filter(
  (k) => k !== 'aiApiKey' && k !== 'onlineCheckLastRun',
);

function userEntries(raw: unknown): ConfigUserEntry[] {
  if (!Array.isArray(raw)) throw refuse('bad_data', 'The manifest lists no users');
  const folders = new Set<string>();
  return raw.map((u: Partial<ConfigUserEntry>) => {
    if (!u || typeof u.id !== 'string' || typeof u.username !== 'string' || typeof u.folder !== 'string')
      throw refuse('bad_data', 'The manifest lists a user without id, username or folder');
    if (!/^users\/\d{1,7}\/$/.test(u.folder) || folders.has(u.folder))
      throw refuse('bad_data', 'The manifest lists a user with an invalid folder');
    folders.add(u.folder);
    return u as ConfigUserEntry;
  });
}

/** Only known settings of the right type are taken from an archive. */
function settingsPatch(raw: unknown): Partial<Settings> {
  const patch: Record<string, unknown> = {};
  if (!raw || typeof raw !== 'object') return patch;
  for (const key of SETTING_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    const def = (SETTINGS_DEFAULTS as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (def === null || typeof value === typeof def || (Array.isArray(def) && Array.isArray(value)))
      patch[key] = value;
  }
  // Logos and favicon refer to files of the archive; they are mapped (or dropped) by the caller.
  return patch as Partial<Settings>;
}

/** Opens and checks a configuration archive completely: the answer of detect, and the first step of import. */
async function openConfig(file: Spooled) {
  const zip = await SafeZip.open(file.path, CONFIG_ZIP_LIMITS);
  try {
    const manifest = await readManifest(zip);
    if (manifest.scope !== 'config')
      throw refuse('bad_data', 'This is a per-user data archive; import it on the data page of the account');
    const users = userEntries(manifest.users);
    // Signed is not well formed: a malformed settings.json is a 400 on detect, before import changes anything.
    const settings = (await readSignedJson(
      zip,
      'settings.json',
      manifest.settingsSignature,
      1024 * 1024,
    )) as PortableSettings;
    for (const u of users) await readSignedData(zip, `${u.folder}data.json`, u.dataSignature);
    return { zip, manifest, users, settings };
  } catch (err) {
    zip.close();
    throw err;
  }
}

export async function detectConfig(file: Spooled) {
  const { zip, manifest, users } = await openConfig(file);
  zip.close();
  return {
    type: 'sakuranav' as const,
    filename: file.filename,
    scope: 'config',
    exportedAt: typeof manifest.exportedAt === 'string' ? manifest.exportedAt : null,
    users: users.length,
  };
}

/** The local account an archived user's data goes to: same id, else same username, else a new account. */
async function localUser(u: ConfigUserEntry): Promise<{ id: string; created: boolean }> {
  const byId = await UserModel.findById(u.id).select({ _id: 1 }).lean<{ _id: string }>();
  if (byId) return { id: byId._id, created: false };
  const byName = await UserModel.findOne({ usernameKey: usernameKey(u.username) })
    .select({ _id: 1 })
    .lean<{ _id: string }>();
  if (byName) return { id: byName._id, created: false };
  // Passwords are never exported: the account exists without one until an administrator sets a temporary one.
  const now = new Date();
  const id = u.id === ADMIN_ID || !/^user-[A-Za-z0-9-]{1,80}$/.test(u.id) ? `user-${randomUUID()}` : u.id;
  const doc: UserDoc = {
    _id: id,
    username: u.username.slice(0, 40),
    usernameKey: usernameKey(u.username.slice(0, 40)),
    passwordHash: null,
    hasPassword: false,
    role: 'user',
    nickname: typeof u.nickname === 'string' ? u.nickname.slice(0, 40) : u.username,
    avatarAssetId: null,
    avatarColor:
      typeof u.avatarColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(u.avatarColor)
        ? u.avatarColor
        : randomAvatarColor(),
    usernameChanged: false,
    createdAt: now,
    updatedAt: now,
  };
  await UserModel.create(doc);
  return { id, created: true };
}

/**
 * Imports a configuration archive: each archived user's data goes to the matching local account (same id or
 * username; missing accounts are created without a password) in the chosen mode; the settings are replaced in
 * `clean` and `overwrite` modes. Users not in the archive are untouched.
 */
export async function importConfig(actor: Actor, file: Spooled, mode: ImportMode, progress?: Progress) {
  if (actor.role !== 'admin') throw forbidden('Administrator role required');
  const { zip, users, settings } = await openConfig(file);
  try {
    progress?.phase('users', users.length);
    let accounts = 0;
    let tags = 0;
    let cards = 0;
    let avatars = 0;
    for (const u of users) {
      const data = await readSignedData(zip, `${u.folder}data.json`, u.dataSignature);
      const local = await localUser(u);
      if (local.created) accounts++;
      await beforeReplacingSpace(local.id, 'import');
      const counts = await importSpace(local.id, zip, data, {
        mode,
        sitesOnly: false,
        folder: `${u.folder}assets/`,
      });
      tags += counts.tags;
      cards += counts.cards;
      if (await importAvatar(zip, u, local.id, mode)) avatars++;
      progress?.step();
    }
    let settingsApplied = false;
    if (mode !== 'incremental') {
      const patch = settingsPatch(settings);
      // Archives carry no AI key: the stored one stays only where it was saved for (server/net/stored-secret.ts).
      const current = await getSettings();
      if (patch.aiBaseUrl !== undefined && addressChanged(current.aiBaseUrl, patch.aiBaseUrl))
        patch.aiApiKey = '';
      // Global logos are stored as the administrator's files under new ids.
      const logos = await importGlobalFiles(zip);
      for (const key of ['lightLogoAssetId', 'darkLogoAssetId', 'faviconAssetId'] as const) {
        const old = patch[key];
        patch[key] = typeof old === 'string' ? (logos.get(old) ?? null) : null;
      }
      await saveSettings(patch);
      settingsApplied = true;
    }
    return {
      ok: true as const,
      users: users.length,
      accountsCreated: accounts,
      tags,
      cards,
      sites: cards,
      avatars,
      settings: settingsApplied,
    };
  } finally {
    zip.close();
  }
}

/** The site logos and favicon of the archive, stored as the administrator's files; old id -> new id. */
async function importGlobalFiles(zip: SafeZip): Promise<Map<string, string>> {
  const stored: string[] = [];
  const none = { tags: [], cards: [], card_tags: [], card_relations: [] };
  const { files, ids } = await storeFiles(zip, 'global/assets/', ADMIN_ID, none, stored);
  if (files.length) await AssetModel.insertMany(files.map((f) => ({ ...f.doc, kind: 'logo' })));
  return ids;
}

/**
 * Resets the whole instance after the administrator's password is confirmed: every user's tags and cards go
 * back to the starter data, appearances to the defaults and the settings to their defaults. Accounts stay.
 */
export async function resetConfig(actor: Actor, password: string, locale: SeedLocale) {
  if (actor.role !== 'admin') throw forbidden('Administrator role required');
  const me = await UserModel.findById(actor.userId).lean<UserDoc>();
  if (!me || !(await verifyPassword(password, me.passwordHash)))
    throw new AppError('forbidden', 'The confirmation password is wrong', { reason: 'wrong_password' });
  const users = await UserModel.find({}).select({ _id: 1 }).sort({ _id: 1 }).lean<{ _id: string }[]>();
  // The administrator's space first: everyone else gets a copy of it.
  const order = [ADMIN_ID, ...users.map((u) => u._id).filter((id) => id !== ADMIN_ID)];
  let tags = 0;
  let cards = 0;
  for (const id of order) {
    await beforeReplacingSpace(id, 'reset');
    const r = await resetSpace(id, locale);
    tags += r.tags;
    cards += r.cards;
  }
  await AppearanceModel.deleteMany({});
  await saveSettings({ ...SETTINGS_DEFAULTS });
  return {
    ok: true as const,
    users: order.length,
    tags,
    cards,
    sites: cards,
    appearances: 0,
    settings: true,
  };
}
