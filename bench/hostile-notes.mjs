// The security review's "one note freezes the server": two notes of hostile Markdown ("[" and "![" repeated to the
// 50,000-character limit), then the note tag on the home page, a search (which builds the notes' search text) and
// /api/health sent while those run. Before the token-stream Markdown-to-text the page took 4 s and health 3.7 s.
import { benchServices, log, machine, sample, startApp, writeResults } from './lib.mjs';

const SAMPLES = 20;

async function ok(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res;
}

export async function run() {
  const services = await benchServices('hostile-notes');
  const app = await startApp(services.env);
  try {
    const setup = await ok(
      await fetch(`${app.url}/api/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: 'Bench123', confirmPassword: 'Bench123' }),
      }),
    );
    const cookie = setup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const content of ['['.repeat(50_000), '!['.repeat(25_000)]) {
      await ok(
        await fetch(`${app.url}/api/note-cards`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ content }),
        }),
      );
    }
    const get = async (path, headers = {}) => {
      const res = await ok(await fetch(`${app.url}${path}`, { headers }));
      await res.arrayBuffer();
    };
    const page = await sample(() => get('/?tag=__note_cards__'), SAMPLES);
    let q = 0;
    // A new search each time, so each request filters the notes again (the search text itself is cached per card).
    const search = await sample(() => get(`/api/navigation/cards?q=nomatch${q++}`), SAMPLES);
    let busy = true;
    const loadLoop = (async () => {
      while (busy) await get('/?tag=__note_cards__');
    })();
    const health = await sample(() => get('/api/health'), SAMPLES);
    busy = false;
    await loadLoop;
    const row = (name, s) => `| ${name} | ${s.p50} ms | ${s.p95} ms | ${s.max} ms |`;
    writeResults(
      'hostile-notes',
      `## Hostile notes (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback.
Two notes of 50,000 characters each (\`[\` and \`![\` repeated), ${SAMPLES} sequential requests per row.
Command: \`npm run bench -- hostile-notes\` (bench/hostile-notes.mjs). Before the fix: the page 4.0 s, health 3.7 s.

| Request | p50 | p95 | max |
|---|---|---|---|
${row('`GET /?tag=__note_cards__` (home page, note tag)', page)}
${row('`GET /api/navigation/cards?q=…` (search over the notes)', search)}
${row('`GET /api/health` while the note page is loaded in a loop', health)}
`,
    );
    log(`page p50 ${page.p50} ms, search p50 ${search.p50} ms, health during load p50 ${health.p50} ms`);
  } finally {
    await app.stop();
    await services.stop();
  }
}
