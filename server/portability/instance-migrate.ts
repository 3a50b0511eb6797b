// Moving a whole SakuraNav 1.x instance here (admin): every user of its global configuration archive, with their
// tags, cards, files, appearance, notification channels and OAuth bindings, and the global settings that have a
// place here. Everything is read and checked first (each user's rows by the rules of every other write path,
// usernames by registration's, counts against the quotas); a dry run stops there and answers the plan, and an
// import changes nothing when any of it is refused.
import { randomUUID } from 'node:crypto';
import { ADMIN_ID, type Actor } from '../actor';
import { AppError, forbidden } from '../errors';
import { OAuthAccountModel } from '../oauth/oauth.model';
import { getQuotas, saveSettings, type Settings } from '../settings/settings.service';
import { randomAvatarColor } from '../users/avatar-color';
import { usernameKey } from '../users/user.lookup';
import { UserModel, type UserDoc } from '../users/user.model';
import { UsernameSchema } from '../users/user.schema';
import { assetIdOfEntry } from './archive-format';
import { beforeReplacingSpace } from './before-change';
import { settingsPatch } from './config-import';
import type { ImportMode } from './import-plan';
import { InstanceArchive } from './instance-read';
import type { Progress } from './progress';
import type { Row } from './rows';
import { importSpace } from './space-import';
import { archiveRowLimits, readSpaceRows, type ArchiveRowLimits } from './space-read';
import { CONFIG_ZIP_LIMITS, refuse, type Spooled } from './zip-read';

/** What happens to one user of the older instance. */
export interface MigratedUser {
  /** The id there. */
  id: string;
  /** The username there. */
  username: string;
  /** The username here (differs when it was taken here). */
  usernameHere: string;
  /** `admin`: goes to this instance's administrator; `create`: a new account; `skip`: left out (see `reason`). */
  action: 'admin' | 'create' | 'skip';
  reason: 'renamed' | 'already_migrated' | 'was_admin' | null;
  /** `kept`: signs in with the old password; `reset`: the hash cannot be checked here (the administrator sets a
   * temporary password); `none`: had no password there (OAuth only); `unchanged`: our administrator's stays. */
  password: 'kept' | 'reset' | 'none' | 'unchanged';
  tags: number;
  cards: number;
  files: number;
  appearance: boolean;
  oauthBindings: number;
  /** OAuth bindings left out because that provider account is bound to another account here. */
  oauthSkipped: number;
  /** Personal access tokens there: never carried (only their SHA-256 hashes exist, in another format). */
  tokensNotMigrated: number;
}

export interface MigrationPlan {
  type: 'sakuranav-instance';
  filename: string | null;
  exportedAt: string | null;
  users: MigratedUser[];
  /** The settings keys carried over (`siteName`, `registrationEnabled`, ...). */
  settings: string[];
  /** What is not carried, and why (machine codes; the page and docs/api.md explain them). */
  notCarried: string[];
  totals: { users: number; tags: number; cards: number; files: number };
}

export interface MigrationResult extends MigrationPlan {
  ok: true;
  dryRun: boolean;
  accountsCreated: number;
  /** Usernames (here) of accounts that need a temporary password from the administrator to sign in. */
  passwordResets: string[];
}

/** The older service's password hash (compat §3.2): scrypt N=16384, r=8, p=1, `saltHex:keyHex`, which we verify. */
const OLD_HASH = /^[0-9a-f]{32}:[0-9a-f]{128}$/i;
const USER_ID = /^user-[A-Za-z0-9-]{1,80}$/;

/** The older settings we have a place for (compat §2.12), as our settings form names them. */
function oldSettings(s: Map<string, string>): { patch: Partial<Settings>; keys: string[] } {
  const raw: Record<string, unknown> = {};
  const bool = (v: string | undefined) => (v === undefined ? undefined : v !== 'false');
  if (s.has('site_name')) raw.siteName = s.get('site_name')!.trim().slice(0, 30) || undefined;
  if (s.has('registration_enabled')) raw.registrationEnabled = bool(s.get('registration_enabled'));
  if (s.has('social_tag_description'))
    raw.socialTagDescription = s.get('social_tag_description')!.slice(0, 100) || null;
  if (s.has('online_check_enabled')) raw.onlineCheckEnabled = bool(s.get('online_check_enabled'));
  const hour = Number(s.get('online_check_time'));
  if (s.has('online_check_time') && Number.isInteger(hour) && hour >= 0 && hour <= 23)
    raw.onlineCheckTime = hour;
  for (const k of Object.keys(raw)) if (raw[k] === undefined) delete raw[k];
  // The same rules as the settings form and a configuration archive (config-import.ts).
  const patch = settingsPatch(raw);
  return { patch, keys: Object.keys(patch) };
}

interface PlannedUser extends MigratedUser {
  row: Row;
  localId: string;
  passwordHash: string | null;
  oauthRows: { provider: string; providerAccountId: string; profile: Row }[];
}

function text(v: unknown, max: number): string | null {
  return typeof v === 'string' && v ? v.slice(0, max) : null;
}

function profileOf(v: unknown): Row {
  if (typeof v !== 'string' || v.length > 10_000) return {};
  try {
    const p = JSON.parse(v) as unknown;
    return p && typeof p === 'object' && !Array.isArray(p) ? (p as Row) : {};
  } catch {
    return {};
  }
}

/** A username free here and in the plan: the old one, else `<old>_2`, `<old>_3`, ... */
async function freeUsername(name: string, planned: Set<string>): Promise<string | null> {
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? name : `${name.slice(0, 32 - String(n).length - 1)}_${n}`;
    const key = usernameKey(candidate);
    if (planned.has(key)) continue;
    if (!(await UserModel.exists({ usernameKey: key }))) return candidate;
  }
  return null;
}

/** Reads and checks the whole archive (nothing is written): the plan, with every user's rows checked. */
async function planMigration(
  archive: InstanceArchive,
  limits: ArchiveRowLimits,
  progress?: Progress,
): Promise<{ users: PlannedUser[]; patch: Partial<Settings>; keys: string[] }> {
  const rows = [...archive.rows('users', 'ORDER BY created_at, id')];
  if (rows.length > 100_000) throw refuse('too_many_rows', 'The database holds more than 100,000 users');
  if (!(await UserModel.exists({ _id: ADMIN_ID })))
    throw new AppError('conflict', 'This instance has no administrator account to receive the old one');
  progress?.phase('check', rows.length);
  const planned = new Set<string>();
  const boundHere = new Set<string>();
  const users: PlannedUser[] = [];
  for (const [i, row] of rows.entries()) {
    const id = text(row.id, 200);
    if (!id) throw refuse('invalid_row', `${'users'}[${i}]: id: missing`, { table: 'users', row: i });
    const isAdmin = id === ADMIN_ID;
    const parsed = UsernameSchema.safeParse(row.username);
    if (!parsed.success && !isAdmin)
      throw refuse(
        'invalid_row',
        `users[${i}] (id "${id.slice(0, 80)}"): username: ${parsed.error.issues[0]!.message}`,
        { table: 'users', row: i, id: id.slice(0, 200), field: 'username' },
      );
    const username = parsed.success ? parsed.data : String(row.username ?? '').slice(0, 32);
    let action: MigratedUser['action'] = 'create';
    let reason: MigratedUser['reason'] = null;
    let usernameHere = username;
    let localId = USER_ID.test(id) ? id : `user-${randomUUID()}`;
    if (isAdmin) {
      action = 'admin';
      localId = ADMIN_ID;
      const here = await UserModel.findById(ADMIN_ID)
        .select({ username: 1 })
        .lean<Pick<UserDoc, 'username'>>();
      usernameHere = here!.username;
    } else if (await UserModel.exists({ _id: localId })) {
      action = 'skip';
      reason = 'already_migrated';
    } else {
      const free = await freeUsername(username, planned);
      if (!free) {
        action = 'skip';
        reason = 'renamed';
      } else {
        if (free !== username) reason = 'renamed';
        else if (row.role === 'admin') reason = 'was_admin';
        usernameHere = free;
        planned.add(usernameKey(free));
      }
    }
    const hash = typeof row.password_hash === 'string' ? row.password_hash : '';
    const hasPassword = !(row.has_password === 0 || row.has_password === '0');
    const password: MigratedUser['password'] = isAdmin
      ? 'unchanged'
      : !hasPassword
        ? 'none'
        : OLD_HASH.test(hash)
          ? 'kept'
          : 'reset';
    // Every row of the space, by the rules of the other write paths (the first refusal stops the whole import).
    const files = archive.zip.filesUnder(archive.uploads(id));
    const fileIds = new Set(files.map(assetIdOfEntry).filter((x): x is string => Boolean(x)));
    const space =
      action === 'skip'
        ? null
        : await readSpaceRows(
            `${'database/sakuranav.sqlite'} (user "${username}")`,
            limits,
            archive.spaceRows(id, fileIds),
          );
    const oauthRows: PlannedUser['oauthRows'] = [];
    let oauthSkipped = 0;
    for (const o of archive.rows('oauth', 'WHERE user_id = ?', id)) {
      const provider = text(o.provider, 40);
      const providerAccountId = text(o.provider_account_id, 200);
      if (!provider || !providerAccountId || !/^[a-z0-9-]{1,40}$/.test(provider)) continue;
      const key = `${provider}:${providerAccountId}`;
      if (action === 'skip' || boundHere.has(key) || (await OAuthAccountModel.exists({ _id: key }))) {
        oauthSkipped++;
        continue;
      }
      boundHere.add(key);
      oauthRows.push({ provider, providerAccountId, profile: profileOf(o.profile_data) });
    }
    users.push({
      id,
      username,
      usernameHere,
      action,
      reason,
      password,
      tags: space?.tags.length ?? 0,
      cards: space?.cards.length ?? 0,
      files: action === 'skip' ? 0 : files.length,
      appearance: Boolean(space?.appearances?.length),
      oauthBindings: oauthRows.length,
      oauthSkipped,
      tokensNotMigrated: archive.count('tokens', 'WHERE user_id = ?', id),
      row,
      localId,
      passwordHash: password === 'kept' ? hash.toLowerCase() : null,
      oauthRows,
    });
    progress?.step();
  }
  const { patch, keys } = oldSettings(archive.settings());
  return { users, patch, keys };
}

function toPlan(
  file: Spooled,
  archive: InstanceArchive,
  users: PlannedUser[],
  keys: string[],
): MigrationPlan {
  const settings = archive.settings();
  const notCarried = ['tokens', 'ai_key', 'oauth_providers', 'session_key'];
  if (
    [
      'site_logo_light_asset_id',
      'site_logo_dark_asset_id',
      'site_favicon_asset_id',
      'site_logo_asset_id',
    ].some((k) => settings.get(k))
  )
    notCarried.push('site_logos');
  if (settings.get('floating_buttons')) notCarried.push('floating_buttons');
  const out = users.map(({ row: _r, localId: _l, passwordHash: _p, oauthRows: _o, ...u }) => u);
  const moving = out.filter((u) => u.action !== 'skip');
  return {
    type: 'sakuranav-instance',
    filename: file.filename,
    exportedAt: archive.exportedAt,
    users: out,
    settings: keys,
    notCarried,
    totals: {
      users: moving.length,
      tags: moving.reduce((n, u) => n + u.tags, 0),
      cards: moving.reduce((n, u) => n + u.cards, 0),
      files: moving.reduce((n, u) => n + u.files, 0),
    },
  };
}

async function createAccount(u: PlannedUser): Promise<void> {
  const now = new Date();
  const created = new Date(typeof u.row.created_at === 'string' ? u.row.created_at : NaN);
  const color = typeof u.row.avatar_color === 'string' && /^#[0-9a-fA-F]{6}$/.test(u.row.avatar_color);
  const nickname = text(u.row.nickname, 30)?.trim() || u.usernameHere;
  const doc: UserDoc = {
    _id: u.localId,
    username: u.usernameHere,
    usernameKey: usernameKey(u.usernameHere),
    passwordHash: u.passwordHash,
    hasPassword: Boolean(u.passwordHash),
    role: 'user',
    nickname,
    avatarAssetId: null,
    avatarColor: color ? (u.row.avatar_color as string) : randomAvatarColor(),
    // A renamed account may choose its name once more.
    usernameChanged: u.reason === 'renamed' ? false : u.row.username_changed === 1,
    createdAt: Number.isNaN(created.getTime()) ? now : created,
    updatedAt: now,
  };
  await UserModel.create(doc);
}

/**
 * Migrates a SakuraNav 1.x instance archive (admin). `dryRun`: reads and checks everything and answers the plan,
 * changing nothing. Otherwise the same checks first, then each user: the old administrator's data goes to this
 * instance's administrator (in `mode`; its password and username stay), every other user becomes a new account
 * (its password hash kept when ours verifies it) whose space is filled from the archive; users already migrated
 * (same id here) are skipped. The settings with a place here are applied unless `mode` is `incremental`.
 */
export async function migrateInstance(
  actor: Actor,
  file: Spooled,
  options: { mode: ImportMode; dryRun: boolean },
  progress?: Progress,
): Promise<MigrationResult> {
  if (actor.role !== 'admin') throw forbidden('Administrator role required');
  const archive = await InstanceArchive.open(file);
  try {
    const limits = archiveRowLimits(await getQuotas(), CONFIG_ZIP_LIMITS);
    const { users, patch, keys } = await planMigration(archive, limits, progress);
    const plan = toPlan(file, archive, users, keys);
    const passwordResets = users
      .filter((u) => u.action === 'create' && u.password !== 'kept')
      .map((u) => u.usernameHere);
    if (options.dryRun) return { ...plan, ok: true, dryRun: true, accountsCreated: 0, passwordResets };
    const moving = users.filter((u) => u.action !== 'skip');
    progress?.phase('users', moving.length);
    let created = 0;
    for (const u of moving) {
      // Read again (checked above): one user's rows in memory at a time.
      const files = archive.zip.filesUnder(archive.uploads(u.id));
      const fileIds = new Set(files.map(assetIdOfEntry).filter((x): x is string => Boolean(x)));
      const data = await readSpaceRows(
        `database/sakuranav.sqlite (user "${u.username}")`,
        limits,
        archive.spaceRows(u.id, fileIds),
      );
      if (u.action === 'create') {
        await createAccount(u);
        created++;
      } else await beforeReplacingSpace(u.localId, 'import');
      await importSpace(u.localId, archive.zip, data, {
        mode: u.action === 'create' ? 'clean' : options.mode,
        sitesOnly: false,
        folder: archive.uploads(u.id),
      });
      for (const o of u.oauthRows) {
        await OAuthAccountModel.create({
          _id: `${o.provider}:${o.providerAccountId}`,
          userId: u.localId,
          provider: o.provider,
          providerAccountId: o.providerAccountId,
          displayName: text(o.profile.displayName, 100),
          avatarUrl: text(o.profile.avatarUrl, 2000),
          email: text(o.profile.email, 320),
        }).catch(() => undefined); // bound meanwhile, or a second binding of the same provider: left out
      }
      progress?.step();
    }
    if (options.mode !== 'incremental' && Object.keys(patch).length) await saveSettings(patch);
    return { ...plan, ok: true, dryRun: false, accountsCreated: created, passwordResets };
  } finally {
    await archive.close();
  }
}
