// A 100 MB note attachment through the app (multipart upload streamed to S3, download streamed back): the app's
// peak RSS growth and MB/s, against the same bytes put to and read from MinIO directly in the same run.
import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { log, machine, rssMb, rssSampler, withAdminApp, writeResults } from './lib.mjs';

const SIZE = 100 * 1024 * 1024;
const CHUNK = 256 * 1024;
const PATTERN = Buffer.from(Array.from({ length: CHUNK }, (_, i) => (i * 31 + 7) & 0xff));
const BOUNDARY = 'bench-boundary-1';

function* fileChunks() {
  for (let pos = 0; pos < SIZE; pos += CHUNK) yield PATTERN.subarray(0, Math.min(CHUNK, SIZE - pos));
}

function multipart(noteId) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="noteId"\r\n\r\n${noteId}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.dat"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return Readable.from(
    (function* () {
      yield head;
      yield* fileChunks();
      yield tail;
    })(),
  );
}

async function drain(body) {
  let n = 0;
  for await (const c of body) n += c.length;
  return n;
}

const mbps = (ms) => Math.round((SIZE / 1024 / 1024 / (ms / 1000)) * 10) / 10;

export async function run() {
  await withAdminApp('files', async ({ app, env, headers }) => {
    const note = await (
      await fetch(`${app.url}/api/note-cards`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'bench' }),
      })
    ).json();
    const idle = rssMb(app.pid);

    let sampler = rssSampler(app.pid, 50);
    let t = performance.now();
    const up = await fetch(`${app.url}/api/note-cards/attachment`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: Readable.toWeb(multipart(note.item.id)),
      duplex: 'half',
    });
    const item = (await up.json()).item;
    const upMs = performance.now() - t;
    const upPeak = sampler.stop();
    if (!up.ok) throw new Error(`upload: ${up.status}`);

    const beforeDown = rssMb(app.pid);
    sampler = rssSampler(app.pid, 50);
    t = performance.now();
    const down = await fetch(`${app.url}${item.url}`);
    const got = await drain(down.body);
    const downMs = performance.now() - t;
    const downPeak = sampler.stop();
    if (got !== SIZE) throw new Error(`download: ${got} bytes`);

    const e = env;
    const s3 = new S3Client({
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION ?? 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: e.S3_ACCESS_KEY, secretAccessKey: e.S3_SECRET_KEY },
    });
    t = performance.now();
    await new Upload({
      client: s3,
      params: { Bucket: e.S3_BUCKET, Key: 'bench/direct', Body: Readable.from(fileChunks()) },
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
    }).done();
    const directUpMs = performance.now() - t;
    t = performance.now();
    const obj = await s3.send(new GetObjectCommand({ Bucket: e.S3_BUCKET, Key: 'bench/direct' }));
    await drain(obj.Body);
    const directDownMs = performance.now() - t;

    const f = {
      idleRssMb: idle,
      uploadPeakGrowthMb: Math.round((upPeak - idle) * 10) / 10,
      downloadPeakGrowthMb: Math.round((downPeak - beforeDown) * 10) / 10,
      appUpMBs: mbps(upMs),
      appDownMBs: mbps(downMs),
      directUpMBs: mbps(directUpMs),
      directDownMBs: mbps(directDownMs),
    };
    log(JSON.stringify(f));
    console.log(JSON.stringify(f));
    writeResults(
      'files',
      `## 100 MB attachment upload and download (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded MinIO on loopback. Command: \`npm run bench -- files\` (bench/files.mjs).
Goal: app RSS growth < 50 MB, throughput within 2x of MinIO direct (lib-storage, 5 MB parts, same run).

| Figure | App | MinIO direct |
|---|---|---|
| Upload MB/s | ${f.appUpMBs} | ${f.directUpMBs} |
| Download MB/s | ${f.appDownMBs} | ${f.directDownMBs} |
| App peak RSS growth, upload (idle ${f.idleRssMb} MB, sampled every 50 ms) | ${f.uploadPeakGrowthMb} MB | |
| App peak RSS growth, download | ${f.downloadPeakGrowthMb} MB | |`,
    );
  });
}
