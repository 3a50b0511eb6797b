// Navigation with 10,000 cards in one space: /api/navigation/cards (first page, a later page, a search) and the
// home page, p50/p95/p99 over sequential requests after warm-up; and the home page's JavaScript (gzipped).
import { gzipSync } from 'node:zlib';
import { benchServices, log, machine, rssMb, runSeed, sample, startApp, writeResults } from './lib.mjs';

const CARDS = 10_000;
const SAMPLES = 200;

async function ok(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
  return res;
}

/** Gzipped bytes of the JavaScript a page loads on first visit (module scripts and their preloads). */
async function pageJs(url, cookie) {
  const html = await (await ok(await fetch(url, { headers: cookie ? { cookie } : {} }))).text();
  const srcs = new Set(
    [
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ].map((m) => m[1]),
  );
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('');
  let total = gzipSync(inline).length;
  for (const src of srcs) {
    const body = Buffer.from(await (await ok(await fetch(new URL(src, url)))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return { bytes: total, files: [...srcs] };
}

export async function run() {
  const services = await benchServices('navigation');
  const app = await startApp(services.env);
  try {
    const setup = await fetch(`${app.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'Bench123', confirmPassword: 'Bench123' }),
    });
    await ok(setup);
    const session = setup.headers
      .getSetCookie()
      .find((c) => c.startsWith('sakura-nav-session='))
      ?.split(';')[0];
    runSeed('seed-cards.ts', services.env.MONGODB_URI, CARDS);

    const first = `${app.url}/api/navigation/cards`;
    const reloadStarted = performance.now();
    const firstPage = await (await ok(await fetch(first))).json();
    const reloadMs = Math.round(performance.now() - reloadStarted);
    log(`first request after seeding (loads the space): ${reloadMs} ms, total ${firstPage.total}`);

    // Cursors of later pages, from a walk.
    const cursors = [];
    let cursor = firstPage.nextCursor;
    for (let i = 0; i < 300 && cursor; i++) {
      const page = await (await ok(await fetch(`${first}?cursor=${encodeURIComponent(cursor)}`))).json();
      if (i % 3 === 0) cursors.push(cursor);
      cursor = page.nextCursor;
    }
    const queries = ['site 12', '设计', 'docs 99', 'memo', 'news 4', 'example.com/video'];
    const warm = async (u) => {
      for (let i = 0; i < 20; i++) await ok(await fetch(u));
    };
    await warm(first);
    await warm(`${app.url}/`);
    const results = {
      apiFirst: await sample(async () => ok(await fetch(first)).then((r) => r.arrayBuffer()), SAMPLES),
      apiLater: await sample(
        async (i) =>
          ok(await fetch(`${first}?cursor=${encodeURIComponent(cursors[i % cursors.length])}`)).then((r) =>
            r.arrayBuffer(),
          ),
        SAMPLES,
      ),
      apiSearch: await sample(
        async (i) =>
          ok(await fetch(`${first}?q=${encodeURIComponent(queries[i % queries.length])}`)).then((r) =>
            r.arrayBuffer(),
          ),
        SAMPLES,
      ),
      // The quick launcher as the owner types: every request a new search (no memoised answer), 8 results, the
      // owner's memo included, each card saying where it matched.
      launcher: await sample(
        async (i) =>
          ok(
            await fetch(
              `${first}?limit=8&q=${encodeURIComponent(`${['site', 'docs', 'news', 'memo', '设计'][i % 5]} ${i}`)}`,
              { headers: { cookie: session } },
            ),
          ).then((r) => r.arrayBuffer()),
        SAMPLES,
      ),
      apiTag: await sample(
        async (i) =>
          ok(await fetch(`${first}?scope=tag&tagId=tag-bench-${i % 20}`)).then((r) => r.arrayBuffer()),
        SAMPLES,
      ),
      homeVisitor: await sample(
        async () => ok(await fetch(`${app.url}/`)).then((r) => r.arrayBuffer()),
        SAMPLES,
      ),
      homeOwner: await sample(
        async () =>
          ok(await fetch(`${app.url}/`, { headers: { cookie: session } })).then((r) => r.arrayBuffer()),
        SAMPLES,
      ),
      homeSearch: await sample(
        async (i) =>
          ok(await fetch(`${app.url}/?q=${encodeURIComponent(queries[i % queries.length])}`)).then((r) =>
            r.arrayBuffer(),
          ),
        SAMPLES,
      ),
    };
    const jsVisitor = await pageJs(`${app.url}/`);
    const jsOwner = await pageJs(`${app.url}/`, session);
    const jsEdit = await pageJs(`${app.url}/?edit=1`, session);
    const rss = rssMb(app.pid);
    const figures = {
      ...results,
      reloadMs,
      jsVisitor: jsVisitor.bytes,
      jsOwner: jsOwner.bytes,
      jsEdit: jsEdit.bytes,
      rssMb: rss,
    };
    console.log(JSON.stringify(figures));
    const row = (label, r) => `| ${label} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} |`;
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    writeResults(
      'navigation',
      `## Navigation with ${CARDS.toLocaleString('en')} cards (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback. ${SAMPLES} sequential requests
per row after 20 warm-up requests; one space holding ${CARDS.toLocaleString('en')} site cards in 20 tags (plus the 12 starter cards).
Command: \`npm run bench -- navigation\` (bench/navigation.mjs). Target: p95 ≤ 100 ms; home page ≤ 60 KB gzipped JS.

| Request | p50 ms | p95 ms | p99 ms | max ms |
|---|---|---|---|---|
${row('`GET /api/navigation/cards` first page', results.apiFirst)}
${row('`GET /api/navigation/cards?cursor=…` later pages (pages 2-300)', results.apiLater)}
${row('`GET /api/navigation/cards?q=…` search (6 queries, incl. Chinese)', results.apiSearch)}
${row('Quick launcher: `GET /api/navigation/cards?limit=8&q=…` as the owner, a new search each time (target p95 ≤ 50 ms)', results.launcher)}
${row('`GET /api/navigation/cards?scope=tag&tagId=…`', results.apiTag)}
${row('`GET /` home page, visitor', results.homeVisitor)}
${row('`GET /` home page, signed-in owner', results.homeOwner)}
${row('`GET /?q=…` home page search', results.homeSearch)}

| Figure | Value |
|---|---|
| Home page JavaScript on first load, gzipped (visitor) | ${kb(jsVisitor.bytes)} (${jsVisitor.files.length} file(s) + inline) |
| Home page JavaScript, signed-in owner | ${kb(jsOwner.bytes)} |
| Home page in edit mode (drag-and-drop library loaded on demand, not counted above) | ${kb(jsEdit.bytes)} + Sortable chunk on demand |
| First list request after the 10,000 cards were written (read model reload from FerretDB) | ${reloadMs} ms |
| App RSS after the run | ${rss} MB |

Lists are served from the per-space read model (docs/decisions.md §2); the one-off reload after another process
wrote to the space is the cost of FerretDB's full-collection scans.`,
    );
  } finally {
    await app.stop();
    await services.stop();
  }
}
