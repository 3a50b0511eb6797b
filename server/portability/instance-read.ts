// Reading a whole SakuraNav 1.x instance from its global configuration archive (compat §6.1): a ZIP of its storage
// directory, `database/sakuranav.sqlite[-wal|-shm]` and `uploads/<ownerId>/<assetId><ext>` (optionally under a
// leading `storage/`), plus `manifest.json` `{signature:"__sakuranav__", version:1}`. The database files are
// inflated (within the archive's limits) into a private temporary folder and opened read-only with node-sqlite3-wasm
// (SQLite compiled to WebAssembly: nothing to build at install, decisions §70); only tables (never views or triggers' side effects: the connection is query-only) are read, a row at a time.
import { mkdtemp, open as openFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type * as Sqlite from 'node-sqlite3-wasm';
import type { Database as SqliteDatabase, Statement } from 'node-sqlite3-wasm';
import { jsonTooDeep } from '../parsing/json-bounded';
import { SIGNATURE } from './archive-format';
import type { SpaceRow } from './space-read';
import type { Row } from './rows';
import { CONFIG_ZIP_LIMITS, SafeZip, refuse, type Spooled } from './zip-read';

export const DB_ENTRY = 'database/sakuranav.sqlite';
const SQLITE_MAGIC = 'SQLite format 3\0';

/** The older service's tables, current names first, then the names before its rename (compat §2). */
const TABLE_NAMES = {
  users: ['users'],
  tags: ['tags'],
  cards: ['cards', 'sites'],
  links: ['card_tags', 'site_tags'],
  relations: ['card_relations', 'site_relations'],
  appearances: ['theme_appearances'],
  assets: ['assets'],
  oauth: ['oauth_accounts'],
  tokens: ['api_tokens'],
  settings: ['app_settings'],
  channels: ['notification_channels'],
} as const;
type Table = keyof typeof TABLE_NAMES;

/** Whether an archive is the older service's whole-instance archive (it carries the SQLite database). */
export function isInstanceArchive(zip: SafeZip): boolean {
  return zip.has(DB_ENTRY) || zip.has(`storage/${DB_ENTRY}`);
}

/** An opened instance archive; `close()` closes the database and removes the temporary folder. */
export class InstanceArchive {
  private constructor(
    readonly zip: SafeZip,
    private readonly db: SqliteDatabase,
    private readonly dir: string,
    /** `storage/` when the archive's entries are under it, else ''. */
    readonly prefix: string,
    private readonly tables: Map<Table, string>,
    readonly exportedAt: string | null,
  ) {}

  /**
   * Opens and checks the archive's entries, manifest and database. A file that is not a SQLite database, a damaged
   * one or one without the older service's tables is a 400 (`details.reason` `bad_data`), never a crash.
   */
  static async open(file: Spooled): Promise<InstanceArchive> {
    const zip = await SafeZip.open(file.path, CONFIG_ZIP_LIMITS);
    let dir: string | null = null;
    let db: SqliteDatabase | null = null;
    try {
      const prefix = zip.has(`storage/${DB_ENTRY}`) ? 'storage/' : '';
      if (!zip.has(`${prefix}${DB_ENTRY}`))
        throw refuse(
          'missing_data',
          `The archive has no ${DB_ENTRY}: it is not a SakuraNav instance archive`,
        );
      const exportedAt = await readOldManifest(zip);
      dir = await mkdtemp(path.join(tmpdir(), 'sakura-instance-'));
      const dbPath = path.join(dir, 'sakuranav.sqlite');
      // The WAL holds the writes not yet checkpointed into the main file; the shared-memory index is rebuilt.
      for (const suffix of ['', '-wal']) {
        const name = `${prefix}${DB_ENTRY}${suffix}`;
        if (!zip.has(name)) continue;
        await pipeline(await zip.stream(name), createWriteStream(dbPath + suffix, { mode: 0o600 }));
      }
      if (!(await startsWith(dbPath, SQLITE_MAGIC)))
        throw refuse('bad_data', `${DB_ENTRY} is not a SQLite database`);
      db = openDatabase(await loadDriver(), dbPath);
      const tables = findTables(db);
      return new InstanceArchive(zip, db, dir, prefix, tables, exportedAt);
    } catch (err) {
      db?.close();
      zip.close();
      if (dir) await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Every row of a table (none when the table does not exist), optionally filtered by `where` (SQL, `?` params). */
  *rows(table: Table, where = '', ...params: unknown[]): Generator<Row> {
    const name = this.tables.get(table);
    if (!name) return;
    const stmt = guard(() => this.db.prepare(`SELECT * FROM "${name}" ${where}`));
    // A damaged page shows while stepping: each step is guarded, and a reader that stops early frees the statement.
    try {
      const it = guard(() => stmt.iterate(params as BindValue[]));
      for (;;) {
        const step = guard(() => it.next());
        if (step.done) return;
        yield plainNumbers(step.value) as Row;
      }
    } finally {
      stmt.finalize();
    }
  }

  has(table: Table): boolean {
    return this.tables.has(table);
  }

  /** A single number (a count), 0 when the table does not exist. */
  count(table: Table, where = '', ...params: unknown[]): number {
    const name = this.tables.get(table);
    if (!name) return 0;
    const row = guard(() =>
      this.db.get(`SELECT count(*) AS n FROM "${name}" ${where}`, params as BindValue[]),
    );
    return Number((row as { n: number | bigint }).n);
  }

  /** The actual name of a table (for joins). */
  table(table: Table): string {
    return this.tables.get(table) ?? table;
  }

  /** One space's rows in the shape of a per-user archive's data.json (compat §6.2), as readSpaceRows takes them. */
  *spaceRows(ownerId: string, fileIds: Set<string>): Generator<SpaceRow> {
    const cards = this.table('cards');
    for (const r of this.rows('tags', 'WHERE owner_id = ?', ownerId)) yield ['tags', r];
    for (const r of this.rows('cards', 'WHERE owner_id = ?', ownerId)) yield ['cards', r];
    const cardCol = this.table('links') === 'site_tags' ? 'site_id' : 'card_id';
    for (const r of this.rows(
      'links',
      `WHERE ${cardCol} IN (SELECT id FROM "${cards}" WHERE owner_id = ?)`,
      ownerId,
    ))
      yield ['card_tags', r];
    const srcCol = this.table('relations') === 'site_relations' ? 'source_site_id' : 'source_card_id';
    for (const r of this.rows(
      'relations',
      `WHERE ${srcCol} IN (SELECT id FROM "${cards}" WHERE owner_id = ?)`,
      ownerId,
    ))
      yield ['card_relations', r];
    for (const r of this.rows('appearances', 'WHERE owner_id = ?', ownerId)) yield ['appearances', r];
    for (const r of this.rows('assets')) if (fileIds.has(String(r.id))) yield ['assets', r];
    for (const r of this.rows('channels', 'WHERE owner_id = ?', ownerId)) yield ['notificationChannels', r];
  }

  /** The folder of an owner's uploads in the archive. */
  uploads(ownerId: string): string {
    return `${this.prefix}uploads/${ownerId}/`;
  }

  /** The global settings (`app_settings`, key -> text). */
  settings(): Map<string, string> {
    const out = new Map<string, string>();
    for (const r of this.rows('settings'))
      if (typeof r.key === 'string') out.set(r.key, String(r.value ?? ''));
    return out;
  }

  async close(): Promise<void> {
    this.db.close();
    this.zip.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** The manifest of the older archive, when there is one (its clean import checks none): version 1 only. */
async function readOldManifest(zip: SafeZip): Promise<string | null> {
  const name = zip.has('manifest.json')
    ? 'manifest.json'
    : zip.has('storage/manifest.json')
      ? 'storage/manifest.json'
      : null;
  if (!name) return null;
  const text = (await zip.read(name, 1024 * 1024)).toString('utf8');
  let m: Record<string, unknown> | null;
  try {
    m = jsonTooDeep(text) ? null : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    m = null;
  }
  if (!m || typeof m !== 'object' || m.signature !== SIGNATURE)
    throw refuse('bad_signature', 'This is not a SakuraNav export (wrong or missing signature)');
  if (m.version !== 1)
    throw refuse('unsupported_version', `Instance archive version ${String(m.version)} is not supported (1)`);
  return typeof m.exportedAt === 'string' ? m.exportedAt.slice(0, 40) : null;
}

async function startsWith(file: string, magic: string): Promise<boolean> {
  const fd = await openFile(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    const { bytesRead } = await fd.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString('latin1') === magic;
  } finally {
    await fd.close();
  }
}

type Driver = typeof Sqlite;
type BindValue = Parameters<Statement['run']>[0] & (string | number | null);
let driver: Promise<Driver> | undefined;

/** Loaded when a migration needs it (it compiles SQLite's WebAssembly at load): other requests never pay for it. */
function loadDriver(): Promise<Driver> {
  driver ??= import('node-sqlite3-wasm').then((m) => (m as unknown as { default?: Driver }).default ?? m);
  return driver;
}

function openDatabase({ Database }: Driver, file: string): SqliteDatabase {
  return guard(() => {
    const db = new Database(file, { readOnly: true, fileMustExist: true });
    try {
      // Exclusive locking before the first read: this SQLite has no shared memory, and with it a database left in
      // WAL mode (the older service's, with its -wal file) is read through an in-process WAL index instead.
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
      // No writes, no functions a schema could smuggle into a query (views, defaults).
      db.exec('PRAGMA query_only = ON');
      db.exec('PRAGMA trusted_schema = OFF');
      db.get('SELECT count(*) FROM sqlite_master');
      return db;
    } catch (err) {
      db.close();
      throw err;
    }
  });
}

/** SQLite integers beyond 2^53 come as bigint: as numbers (rounded), as the rows of a JSON archive would be. */
function plainNumbers(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) if (typeof value === 'bigint') row[key] = Number(value);
  return row;
}

/** The older service's tables present in the database (real tables only), refusing one without its core tables. */
function findTables(db: SqliteDatabase): Map<Table, string> {
  const names = new Set(
    guard(() => db.all("SELECT name FROM sqlite_master WHERE type = 'table'")).map(
      (r) => (r as { name: string }).name,
    ),
  );
  const found = new Map<Table, string>();
  for (const [table, candidates] of Object.entries(TABLE_NAMES) as [Table, readonly string[]][]) {
    const name = candidates.find((c) => names.has(c));
    if (name) found.set(table, name);
  }
  for (const core of ['users', 'tags', 'cards', 'links'] as const)
    if (!found.has(core))
      throw refuse(
        'bad_data',
        `${DB_ENTRY} has no ${TABLE_NAMES[core][0]} table: it is not a SakuraNav database`,
      );
  return found;
}

/** Runs a database call, turning SQLite's errors (damaged file, unexpected schema) into a 400. */
function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof Error && err.name === 'SQLite3Error')
      throw refuse('bad_data', `${DB_ENTRY} cannot be read (${err.message.slice(0, 200)})`);
    throw err;
  }
}
