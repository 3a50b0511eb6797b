// Builds the embedded servers (FerretDB, MinIO) from the Go module proxy into a project-local, git-ignored
// tools folder. Builds are also kept in a per-machine cache so a fresh clone does not rebuild them.
import { spawn, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  cpSync,
  chmodSync,
  writeFileSync,
  readFileSync,
  rmSync,
  copyFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TOOLS_DIR = path.resolve(process.env.SAKURA_TOOLS_DIR ?? path.join(ROOT, '.tools'));
export const BIN_DIR = path.join(TOOLS_DIR, 'bin');
const CACHE_DIR = path.resolve(
  process.env.SAKURA_TOOLS_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'sakura-dash-tools'),
);

export const FERRETDB_VERSION = 'v1.24.2';
// `go install github.com/minio/minio@latest` resolved to this pseudo-version; pinned so every machine runs the same server.
export const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';

export const TOOLS = {
  ferretdb: { version: FERRETDB_VERSION, build: buildFerretDB },
  minio: { version: MINIO_VERSION, build: buildMinio },
};

export function binPath(name) {
  return path.join(BIN_DIR, name);
}

function stampPath(name) {
  return path.join(BIN_DIR, `${name}.version`);
}

function isInstalled(name) {
  const stamp = stampPath(name);
  return (
    existsSync(binPath(name)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === TOOLS[name].version
  );
}

function log(message) {
  process.stderr.write(`[tools] ${message}\n`);
}

function goEnv() {
  return {
    ...process.env,
    GOFLAGS: '-mod=mod',
    GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'local',
    CGO_ENABLED: '0',
  };
}

/** Runs a command, printing a heartbeat so long builds visibly progress. */
function run(cmd, args, { cwd, env, label }) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setInterval(() => {
      log(`${label}: still working (${Math.round((Date.now() - started) / 1000)} s)`);
    }, 20_000);
    child.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

function requireGo() {
  try {
    return execFileSync('go', ['version'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'Go is required to build the embedded FerretDB and MinIO servers (https://go.dev/dl/). ' +
        'Alternatively set MONGODB_URI and S3_ENDPOINT to use external servers.',
    );
  }
}

// `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` fails here: the module proxy refuses the
// version *list* (needed for the deprecation check) although it serves the version itself, and a binary built
// as a dependency panics for lack of the generated build/version/version.txt. So we fetch the exact module,
// add version.txt, and build cmd/ferretdb as the main module.
async function buildFerretDB(out) {
  const json = await run(
    'go',
    ['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${FERRETDB_VERSION}`],
    {
      cwd: TOOLS_DIR,
      env: goEnv(),
      label: 'download FerretDB source',
    },
  );
  const dir = JSON.parse(json).Dir;
  const src = path.join(TOOLS_DIR, 'src', `ferretdb-${FERRETDB_VERSION}`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(path.dirname(src), { recursive: true });
  cpSync(dir, src, { recursive: true });
  makeWritable(src);
  writeFileSync(path.join(src, 'build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  await run('go', ['build', '-trimpath', '-o', out, './cmd/ferretdb'], {
    cwd: src,
    env: goEnv(),
    label: 'build FerretDB',
  });
  rmSync(src, { recursive: true, force: true });
}

async function buildMinio(out) {
  const gobin = path.join(TOOLS_DIR, 'gobin-minio');
  mkdirSync(gobin, { recursive: true });
  await run('go', ['install', `github.com/minio/minio@${MINIO_VERSION}`], {
    cwd: TOOLS_DIR,
    env: { ...goEnv(), GOBIN: gobin },
    label: 'build MinIO',
  });
  copyFileSync(path.join(gobin, 'minio'), out);
  rmSync(gobin, { recursive: true, force: true });
}

function makeWritable(dir) {
  execFileSync('chmod', ['-R', 'u+w', dir]);
}

async function ensureTool(name) {
  if (isInstalled(name)) return;
  mkdirSync(BIN_DIR, { recursive: true });
  const { version, build } = TOOLS[name];
  const cached = path.join(CACHE_DIR, `${name}-${version}`);
  if (existsSync(cached)) {
    copyFileSync(cached, binPath(name));
    chmodSync(binPath(name), 0o755);
    writeFileSync(stampPath(name), `${version}\n`);
    log(`${name} ${version}: reused the build cached in ${CACHE_DIR}`);
    return;
  }
  requireGo();
  log(`${name} ${version}: building from the Go module proxy (first run only, takes a few minutes)...`);
  const started = Date.now();
  const tmpOut = `${binPath(name)}.partial`;
  await build(tmpOut);
  chmodSync(tmpOut, 0o755);
  copyFileSync(tmpOut, binPath(name));
  rmSync(tmpOut, { force: true });
  writeFileSync(stampPath(name), `${version}\n`);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    copyFileSync(binPath(name), `${cached}.partial`);
    execFileSync('mv', [`${cached}.partial`, cached]);
  } catch (err) {
    log(`could not cache the ${name} build (${err.message}); continuing`);
  }
  log(`${name} ${version}: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Makes sure the requested tools are built; builds missing ones in parallel. */
export async function ensureTools(names) {
  mkdirSync(TOOLS_DIR, { recursive: true });
  await Promise.all(names.map((n) => ensureTool(n)));
}
