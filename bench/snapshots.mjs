// Snapshots of a 10,000-card space: take one (read model -> gzip'd JSON chunks), change the space, restore it
// (journal, delete by owner, chunked inserts, reload commit), and check the restored space through the API.
import { log, machine, rssMb, withAdminApp, writeResults } from './lib.mjs';

const TOTAL = Number(process.env.BENCH_SNAPSHOT_CARDS ?? 10_000);

async function post(url, headers, path, body) {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - started, json };
}

async function cardCount(url, cookie) {
  const res = await fetch(`${url}/api/navigation/cards`, { headers: { cookie } });
  return (await res.json()).total;
}

export async function run() {
  await withAdminApp('snapshots', async ({ app, cookie, headers }) => {
    const items = Array.from({ length: TOTAL }, (_, i) => ({
      name: `Site ${i}`,
      url: `https://site${i}.example.com/`,
      newTags: [`Folder ${i % 20}`],
    }));
    await post(app.url, headers, '/api/site-cards/batch', { items, importMode: 'incremental' });
    const before = await cardCount(app.url, cookie);
    const take = await post(app.url, headers, '/api/snapshots', { label: 'bench' });
    const skip = await post(app.url, headers, '/api/snapshots', {});
    const id = take.json.item.id;
    // A change: 500 more cards.
    await post(app.url, headers, '/api/site-cards/batch', {
      items: items.slice(0, 500).map((x, i) => ({ ...x, url: `https://more${i}.example.com/` })),
    });
    const changed = await cardCount(app.url, cookie);
    const restore = await post(app.url, headers, `/api/snapshots?action=restore&id=${id}`);
    const after = await cardCount(app.url, cookie);
    const rss = rssMb(app.pid);
    await app.stop();
    log(
      `take ${take.ms.toFixed(0)} ms, unchanged ${skip.ms.toFixed(0)} ms, restore ${restore.ms.toFixed(0)} ms`,
    );
    console.log(
      JSON.stringify({ before, changed, after, take: take.ms, skip: skip.ms, restore: restore.ms, rss }),
    );
    if (after !== before) throw new Error(`restored ${after} cards, expected ${before}`);
    writeResults(
      'snapshots',
      `## Snapshots of ${TOTAL.toLocaleString('en')} cards (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback.
Command: \`npm run bench -- snapshots\` (bench/snapshots.mjs). One user with ${before} cards in 20 tags.

| Step | Time |
|---|---|
| \`POST /api/snapshots\` (take: read model to gzip'd JSON chunks) | ${take.ms.toFixed(0)} ms |
| \`POST /api/snapshots\` again, nothing changed (\`{skipped:true}\`) | ${skip.ms.toFixed(0)} ms |
| \`POST /api/snapshots?action=restore\` after adding 500 cards (automatic snapshot, journal, delete, inserts, reload) | ${restore.ms.toFixed(0)} ms |

Cards: ${before} before, ${changed} after the change, ${after} after the restore. App RSS ${rss} MB.`,
    );
  });
}
