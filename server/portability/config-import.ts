// Importing and resetting the whole instance (admin). Every part of a configuration archive is checked (entries,
// manifest, the settings and every user's data with their signatures and by the rules of the other write paths,
// the accounts it would create) before anything changes.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ADMIN_ID, type Actor } from '../actor';
import { AppearanceModel } from '../appearance/appearance.model';
import { AssetModel } from '../assets/asset.model';
import { verifyPassword } from '../auth/passwords';
import { AppError, forbidden, isAppError } from '../errors';
import { addressChanged } from '../net/stored-secret';
import {
  AppSettingsInput,
  FloatingButtonsInput,
  appSettingsPatch,
  floatingButtonsValue,
} from '../settings/app-settings.service';
import { SETTINGS_DEFAULTS } from '../settings/settings.model';
import {
  QuotaValue,
  getQuotas,
  getSettings,
  saveSettings,
  type Settings,
} from '../settings/settings.service';
import type { SeedLocale } from '../setup/seed';
import { randomAvatarColor } from '../users/avatar-color';
import { UserModel, type UserDoc } from '../users/user.model';
import { usernameKey } from '../users/user.lookup';
import { NicknameSchema, UsernameSchema } from '../users/user.schema';
import { readManifest, readSignedJson } from './archive-format';
import { beforeReplacingSpace } from './before-change';
import { SERVER_SETTINGS, type ConfigUserEntry } from './config-export';
import type { ImportMode } from './import-plan';
import type { Progress } from './progress';
import { importAvatar } from './config-avatar';
import { importSpace, storeFiles } from './space-import';
import { isInstanceArchive } from './instance-read';
import { archiveRowLimits, readSpaceData } from './space-read';
import { resetSpace } from './user-data.service';
import { CONFIG_ZIP_LIMITS, SafeZip, refuse, type Spooled } from './zip-read';

/** The settings of a configuration archive, with the rules of the settings form (the AI key is never in one). */
const ArchivedSettings = AppSettingsInput.omit({ aiApiKey: true, aiApiKeyMasked: true }).extend({
  quotaCards: QuotaValue.optional(),
  quotaTags: QuotaValue.optional(),
  quotaBytes: QuotaValue.optional(),
  floatingButtons: FloatingButtonsInput.shape.buttons.nullable().optional(),
  virtualTagOrder: z.record(z.string().max(80), z.number()).optional(),
});

/** An account the import creates: the username and nickname rules of registration and the profile. */
const CreatedAccount = z.object({ username: UsernameSchema, nickname: NicknameSchema.shape.nickname });

/** A value of the archive that the rules refuse, as the 400 `validation_failed` of a refused row. */
function invalid(entry: string, where: string, issue: { path: PropertyKey[]; message: string }) {
  const field = issue.path.map(String).join('.');
  return refuse('invalid_row', `${entry}: ${where}${field ? `${field}: ` : ''}${issue.message}`, {
    entry,
    field: field || null,
  });
}

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

/** The local account an archived user's data goes to: same id, else same username; null when there is none. */
async function existingUser(u: ConfigUserEntry): Promise<string | null> {
  const byId = await UserModel.findById(u.id).select({ _id: 1 }).lean<{ _id: string }>();
  if (byId) return byId._id;
  const byName = await UserModel.findOne({ usernameKey: usernameKey(u.username) })
    .select({ _id: 1 })
    .lean<{ _id: string }>();
  return byName?._id ?? null;
}

/**
 * The account an archived user without a local one becomes, checked with the rules of registration (the same
 * normalised username, so no look-alike `аdmin` in another script) and of the profile (nickname).
 */
function accountToCreate(u: ConfigUserEntry, index: number) {
  const parsed = CreatedAccount.safeParse({ username: u.username, nickname: u.nickname ?? null });
  if (!parsed.success) {
    const id = u.id.slice(0, 80);
    throw invalid('manifest.json', `users[${index}] (id "${id}"): `, parsed.error.issues[0]!);
  }
  return parsed.data;
}

/** The settings an archive sets, checked and normalised as the settings forms do it (logos are mapped later). */
export function settingsPatch(raw: unknown): Partial<Settings> {
  const parsed = ArchivedSettings.safeParse(raw);
  if (!parsed.success) throw invalid('settings.json', '', parsed.error.issues[0]!);
  const { floatingButtons, virtualTagOrder, quotaCards, quotaTags, quotaBytes, ...form } = parsed.data;
  let patch: Partial<Settings>;
  try {
    patch = appSettingsPatch(form);
  } catch (err) {
    if (!isAppError(err)) throw err;
    throw invalid('settings.json', '', { path: [], message: err.message });
  }
  const rest = { virtualTagOrder, quotaCards, quotaTags, quotaBytes };
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) (patch as Record<string, unknown>)[key] = value;
  if (floatingButtons !== undefined)
    patch.floatingButtons = floatingButtons && floatingButtonsValue(floatingButtons);
  return patch;
}

/**
 * Opens and checks a configuration archive completely, before anything changes: entries, manifest, the settings
 * (as the settings form checks them), every user's data (every row as the other write paths check it, the counts
 * against the quotas) and the username of every account it would create. The answer of detect, and the first step
 * of import.
 */
async function openConfig(file: Spooled) {
  const zip = await SafeZip.open(file.path, CONFIG_ZIP_LIMITS);
  try {
    if (isInstanceArchive(zip))
      throw refuse(
        'unsupported_version',
        'This is a SakuraNav 1.x instance archive: migrate it with /api/config/migrate (the configuration page)',
      );
    const manifest = await readManifest(zip);
    if (manifest.scope !== 'config')
      throw refuse('bad_data', 'This is a per-user data archive; import it on the data page of the account');
    const users = userEntries(manifest.users);
    // Signed is not well formed: a malformed settings.json is a 400 on detect, before import changes anything.
    const settings = settingsPatch(
      await readSignedJson(zip, 'settings.json', manifest.settingsSignature, 1024 * 1024),
    );
    const limits = archiveRowLimits(await getQuotas(), CONFIG_ZIP_LIMITS);
    for (const [i, u] of users.entries()) {
      if (!(await existingUser(u))) accountToCreate(u, i);
      await readSpaceData(zip, `${u.folder}data.json`, u.dataSignature, limits);
    }
    return { zip, manifest, users, settings, limits };
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
async function localUser(u: ConfigUserEntry, index: number): Promise<{ id: string; created: boolean }> {
  const existing = await existingUser(u);
  if (existing) return { id: existing, created: false };
  const account = accountToCreate(u, index);
  // Passwords are never exported: the account exists without one until an administrator sets a temporary one.
  const now = new Date();
  const id = u.id === ADMIN_ID || !/^user-[A-Za-z0-9-]{1,80}$/.test(u.id) ? `user-${randomUUID()}` : u.id;
  const doc: UserDoc = {
    _id: id,
    username: account.username,
    usernameKey: usernameKey(account.username),
    passwordHash: null,
    hasPassword: false,
    role: 'user',
    nickname: account.nickname ?? account.username,
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
  const { zip, users, settings, limits } = await openConfig(file);
  try {
    progress?.phase('users', users.length);
    let accounts = 0;
    let tags = 0;
    let cards = 0;
    let avatars = 0;
    for (const [i, u] of users.entries()) {
      // Read again (checked in openConfig): one user's rows in memory at a time.
      const data = await readSpaceData(zip, `${u.folder}data.json`, u.dataSignature, limits);
      const local = await localUser(u, i);
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
      const patch = { ...settings };
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
  const none = { files: new Map(), noteFileKinds: new Map() };
  const { files, ids } = await storeFiles(zip, 'global/assets/', ADMIN_ID, none, stored);
  if (files.length) await AssetModel.insertMany(files.map((f) => ({ ...f.doc, kind: 'logo' })));
  return ids;
}

/** An administrator's confirmation of a change to the whole instance (reset, restore): their own password. */
export async function confirmAdminPassword(actor: Actor, password: string): Promise<void> {
  if (actor.role !== 'admin') throw forbidden('Administrator role required');
  const me = await UserModel.findById(actor.userId).lean<UserDoc>();
  if (!me || !(await verifyPassword(password, me.passwordHash)))
    throw new AppError('forbidden', 'The confirmation password is wrong', { reason: 'wrong_password' });
}

/**
 * Resets the whole instance after the administrator's password is confirmed: every user's tags and cards go
 * back to the starter data, appearances to the defaults and the settings to their defaults. Accounts stay.
 */
export async function resetConfig(actor: Actor, password: string, locale: SeedLocale) {
  await confirmAdminPassword(actor, password);
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
  // The backup schedule is the server's, not the instance's content: a reset keeps it (so does an import).
  const defaults: Partial<Settings> = { ...SETTINGS_DEFAULTS };
  for (const key of SERVER_SETTINGS) delete defaults[key];
  await saveSettings(defaults);
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
