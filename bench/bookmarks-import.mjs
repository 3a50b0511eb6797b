// Bookmark import of 10,000 bookmarks: a Chrome-style export in nested folders is parsed (server/bookmarks) and sent
// to POST /api/site-cards/batch, once as one request (the API, the page without JavaScript) and once in the page's
// 500-item chunks (the page with JavaScript, which shows progress). Every card and tag is counted afterwards.
// BENCH_CPU_PROF=1 writes a CPU profile of the app to .tmp/bench/bookmarks-prof.
import { tsImport } from 'tsx/esm/api';
import { cpuProfile, cpuSeconds, log, machine, rssMb, withAdminApp, writeResults } from './lib.mjs';

const TOTAL = Number(process.env.BENCH_BOOKMARKS ?? 10_000);
const CHUNK = 500;

/** A Chrome export: 20 top folders with 5 subfolders each, TOTAL links spread over them. */
function chromeExport(offset) {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  lines.push('<DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>', '<DL><p>');
  const per = Math.ceil(TOTAL / 100);
  let n = 0;
  for (let f = 0; f < 20; f++) {
    lines.push(`<DT><H3 ADD_DATE="1700000000">Folder ${f}</H3>`, '<DL><p>');
    for (let s = 0; s < 5; s++) {
      lines.push(`<DT><H3 ADD_DATE="1700000000">Sub ${f}.${s}</H3>`, '<DL><p>');
      for (let i = 0; i < per && n < TOTAL; i++, n++) {
        lines.push(
          `<DT><A HREF="https://site${offset + n}.example.com/page?id=${n}" ADD_DATE="1700000001">Site ${n} &amp; more</A>`,
        );
      }
      lines.push('</DL><p>');
    }
    lines.push('</DL><p>');
  }
  lines.push('</DL><p>', '</DL><p>');
  return lines.join('\n');
}

async function importItems(url, headers, items, chunk) {
  const started = performance.now();
  let created = 0;
  for (let i = 0; i < items.length; i += chunk) {
    const res = await fetch(`${url}/api/site-cards/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ items: items.slice(i, i + chunk), importMode: 'incremental' }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`batch: ${res.status} ${JSON.stringify(body)}`);
    created += body.created;
  }
  return { ms: performance.now() - started, created };
}

export async function run() {
  const { parseBookmarks } = await tsImport('../server/bookmarks/bookmark-parse.ts', import.meta.url);
  const bench = async ({ app, ferretPid, cookie, headers }) => {
    const results = {};
    for (const [label, chunk, offset] of [
      ['one request', TOTAL, 0],
      [`${CHUNK}-item chunks`, CHUNK, TOTAL],
    ]) {
      const html = chromeExport(offset);
      const t = performance.now();
      const parsed = await parseBookmarks(html);
      const parseMs = performance.now() - t;
      const items = parsed.items.map((b) => ({ name: b.name, url: b.url, newTags: b.folders }));
      const dbCpu = () => (ferretPid ? cpuSeconds(ferretPid) : NaN);
      const [cpu0, db0] = [cpuSeconds(app.pid), dbCpu()];
      const run = await importItems(app.url, headers, items, chunk);
      const [cpu, db] = [cpuSeconds(app.pid) - cpu0, dbCpu() - db0];
      log(
        `${label}: parse ${parseMs.toFixed(0)} ms, import ${run.ms.toFixed(0)} ms (app CPU ${cpu.toFixed(1)} s, FerretDB CPU ${db.toFixed(1)} s), created ${run.created}`,
      );
      results[label] = { bytes: html.length, parseMs, cpu, db, ...run };
    }
    const all = await (await fetch(`${app.url}/api/site-cards`, { headers: { cookie } })).json();
    const tags = await (await fetch(`${app.url}/api/tags`, { headers: { cookie } })).json();
    const rss = rssMb(app.pid);
    await app.stop();
    const sites = all.items.filter((c) => c.siteUrl.includes('.example.com/page')).length;
    console.log(JSON.stringify({ results, sites, tags: tags.items.length, rss }));
    const rows = Object.entries(results)
      .map(
        ([label, r]) =>
          `| ${label} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${r.parseMs.toFixed(0)} | ${r.ms.toFixed(0)} | ${r.cpu.toFixed(1)} s | ${r.db.toFixed(1)} s | ${((r.parseMs + r.ms) / 1000).toFixed(1)} s | ${r.created} |`,
      )
      .join('\n');
    writeResults(
      'bookmarks',
      `## Bookmark import, ${TOTAL.toLocaleString('en')} bookmarks (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback.
Command: \`npm run bench -- bookmarks-import\` (bench/bookmarks-import.mjs). A Chrome-style export (20 folders × 5
subfolders) parsed by server/bookmarks/bookmark-parse.ts, then \`POST /api/site-cards/batch\` with folder names as
\`newTags\`. Target: under 10 s with no truncation (the older service: 29 s).

| Run | File | Parse ms | Import ms | App CPU | FerretDB CPU | Total | Created |
|---|---|---|---|---|---|---|---|
${rows}

After both runs the space holds ${sites} imported site cards (expected ${2 * TOTAL}) and ${tags.items.length} tags
(120 folders plus the starter tags of a new instance); app RSS ${rss} MB.`,
    );
  };
  await withAdminApp('bookmarks', bench, { options: cpuProfile('bookmarks') });
}
