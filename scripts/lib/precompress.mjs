// Precompressed copies of the files browsers load (a `.br` and a `.gz` next to each), made once after a build: the
// server sends them as they are (express-static-gzip) instead of compressing on every request, and files under the
// on-the-fly threshold (the home page's own script among them) go compressed too.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 512;

/** Writes `<file>.br` and `<file>.gz` for the text files under `dir` that shrink; answers how many it compressed. */
export function precompress(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length >= body.length) continue;
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

// `node scripts/lib/precompress.mjs <dir>` (the build script's last step).
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'build/client');
  console.log(`precompressed ${precompress(dir)} files under ${path.relative(process.cwd(), dir)}`);
}
