// Two app instances on one database: one writes cards (8 clients), the other serves the owner's lists meanwhile.
// Counts the reader's full reloads of the space (its "space loaded" log lines) after warm-up; goal: none.
import {
  benchServices,
  log,
  machine,
  sample,
  setupAdmin,
  startApp,
  writeHeaders,
  writeResults,
} from './lib.mjs';

const WRITES = Number(process.env.BENCH_TWO_WRITES ?? 2000);

export async function run() {
  const services = await benchServices('two');
  const loads = { writer: 0, reader: 0 };
  const reasons = [];
  const counter = (who) => (line) => {
    if (line.includes('"module":"space"') && line.includes('"message":"loaded"')) {
      loads[who]++;
      reasons.push(`${who}: ${JSON.parse(line).reason}`);
    }
  };
  const writer = await startApp(services.env, { LOG_LEVEL: 'info' }, { onLine: counter('writer') });
  const reader = await startApp(services.env, { LOG_LEVEL: 'info' }, { onLine: counter('reader') });
  try {
    const cookie = await setupAdmin(writer.url);
    const headers = writeHeaders(writer.url, cookie);
    const list = async () => {
      const res = await fetch(`${reader.url}/api/site-cards`, { headers: { cookie } });
      if (!res.ok) throw new Error(`list: ${res.status}`);
      return (await res.json()).items.length;
    };
    // Twice: the reader's first load is logged (and counted) before its second answer.
    await list();
    await list();
    const warm = { ...loads };
    const warmReasons = reasons.length;
    let written = 0;
    let stop = false;
    const writing = (async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < WRITES) {
            const i = next++;
            const res = await fetch(`${writer.url}/api/site-cards`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: `W${i}`, url: `https://w${i}.example.com` }),
            });
            if (!res.ok) throw new Error(`create: ${res.status}`);
            await res.arrayBuffer();
            written++;
          }
        }),
      );
      stop = true;
    })();
    let reads = 0;
    const lag = [];
    const reading = (async () => {
      while (!stop) {
        const before = written;
        const seen = await list();
        reads++;
        lag.push(Math.max(0, before + 12 - seen));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await Promise.all([writing, reading]);
    // How long after the last write B lists every card (its copy is rechecked every SPACE_RECHECK_MS), 10 s at most.
    const caughtUp = performance.now();
    let final = await list();
    while (final < WRITES + 12 && performance.now() - caughtUp < 10_000) final = await list();
    const catchUpMs = Math.round(performance.now() - caughtUp);
    const latency = await sample(() => list(), 50);
    const figures = {
      writes: WRITES,
      reads,
      readerReloadsAfterWarmup: loads.reader - warm.reader,
      writerReloadsAfterWarmup: loads.writer - warm.writer,
      finalCount: final,
      maxLagCards: Math.max(...lag),
      listP95: latency.p95,
      reloadReasons: reasons.slice(warmReasons),
    };
    log(JSON.stringify(figures));
    console.log(JSON.stringify(figures));
    writeResults(
      'two-instances',
      `## Two instances, one writing and one reading (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Two built app processes on one embedded FerretDB. 8 clients create ${WRITES} cards through
instance A while a client lists the owner's cards (\`GET /api/site-cards\`) through instance B every 50 ms.
Command: \`npm run bench -- two-instances\` (bench/two-instances.mjs). Goal: no full reload after warm-up.

| Figure | Value |
|---|---|
| Full reloads of the space by the reading instance after warm-up | ${figures.readerReloadsAfterWarmup} |
| Full reloads by the writing instance after warm-up | ${figures.writerReloadsAfterWarmup} |
| Reasons of those reloads | ${figures.reloadReasons.join('; ') || '—'} |
| List requests served by the reading instance during the writes | ${reads} |
| Largest lag seen (cards written but not yet listed) | ${figures.maxLagCards} |
| Cards listed by B after the last write, and how long until then | ${final} (of ${WRITES + 12}), ${catchUpMs} ms |
| B's list p95 afterwards (${final} cards, whole list) | ${latency.p95} ms |

The reading instance catches up from the change records (\`<space>:<rev>\`, fetched by \`_id\`) instead of reloading.`,
    );
  } finally {
    await writer.stop();
    await reader.stop();
    await services.stop();
  }
}
