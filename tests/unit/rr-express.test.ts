// The response writer of the app's Express adapter (scripts/lib/rr-express.mjs): everything arrives, written
// chunks can be collected while the response is still going (the stock writer kept every chunk of a download
// alive until it ended), and a client that goes away cancels the body.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { randomBytes } from 'node:crypto';
// @ts-expect-error compression ships no type declarations (the app loads it from an .mjs file)
import compression from 'compression';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBody } from '../../scripts/lib/rr-express.mjs';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const CHUNK = 64 * 1024;
let server: http.Server | undefined;

afterEach(() => {
  server?.close();
  server = undefined;
});

/** A body of `count` chunks that stops after `pauseAt` until `resume()` is called; keeps a WeakRef to each chunk. */
function gatedBody(count: number, pauseAt: number) {
  const refs: WeakRef<Uint8Array>[] = [];
  let resume!: () => void;
  const gate = new Promise<void>((r) => (resume = r));
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (refs.length === pauseAt) await gate;
        if (refs.length === count) return controller.close();
        const chunk = new Uint8Array(CHUNK).fill(refs.length & 0xff);
        refs.push(new WeakRef(chunk));
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, refs, resume: () => resume(), cancelled: () => cancelled };
}

async function serve(handler: (res: http.ServerResponse) => Promise<void>): Promise<string> {
  server = http.createServer((_req, res) => void handler(res));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const until = async (test: () => boolean) => {
  while (!test()) await new Promise((r) => setTimeout(r, 5));
};

describe('writeBody', () => {
  it('delivers every byte and lets written chunks be collected before the response ends', async () => {
    const src = gatedBody(100, 60);
    const done = { bytes: 0, ended: false };
    const url = await serve(async (res) => {
      res.writeHead(200, { 'content-length': String(100 * CHUNK) });
      await writeBody(src.body, res);
    });
    http.get(url, (res) => {
      res.on('data', (c: Buffer) => (done.bytes += c.length));
      res.on('end', () => (done.ended = true));
    });
    await until(() => src.refs.length === 60 && done.bytes >= 55 * CHUNK);
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 10));
    }
    const alive = src.refs.slice(0, 40).filter((r) => r.deref() !== undefined).length;
    expect(alive).toBe(0);
    src.resume();
    await until(() => done.ended);
    expect(done.bytes).toBe(100 * CHUNK);
  });

  it('cancels the body when the client goes away mid-response', async () => {
    const src = gatedBody(100, 10);
    let finished = false;
    const url = await serve(async (res) => {
      res.writeHead(200);
      await writeBody(src.body, res);
      finished = true;
    });
    const req = http.get(url, (res) => res.on('data', () => {}));
    req.on('error', () => {});
    await until(() => src.refs.length === 10);
    req.destroy();
    await until(() => finished);
    expect(src.cancelled()).toBe(true);
  });

  it('sends a body of one chunk whole: with its length, and not compressed when small', async () => {
    const squeeze = compression({ threshold: 8192 });
    const bodyOf = (parts: Uint8Array[]) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = parts.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
    const small = new TextEncoder().encode(JSON.stringify({ item: { name: 'x'.repeat(1500) } }));
    const bodies: Record<string, () => ReadableStream<Uint8Array>> = {
      '/small': () => bodyOf([small]),
      '/large': () => bodyOf([randomBytes(CHUNK), randomBytes(CHUNK)]),
      '/empty': () => bodyOf([]),
    };
    server = http.createServer((req, res) => {
      squeeze(req as never, res as never, () => {
        res.setHeader('content-type', 'application/json');
        void writeBody(bodies[req.url!]!(), res, { whole: true });
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (path: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        http
          .get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            let bytes = 0;
            res.on('data', (d: Buffer) => (bytes += d.length));
            res.on('end', () => resolve({ headers: res.headers, bytes }));
          })
          .on('error', reject);
      });
    const one = await get('/small');
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.headers['content-length']).toBe(String(small.length));
    expect(one.bytes).toBe(small.length);
    const large = await get('/large');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect((await get('/empty')).bytes).toBe(0);
  });

  it('waits for drain through the compression middleware without piling up listeners', async () => {
    // compression moves `drain` listeners to its zlib stream but not their removal: a `once` per wait stayed there.
    const chunks = Array.from({ length: 64 }, () => randomBytes(CHUNK));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const squeeze = compression({ threshold: 0 });
    server = http.createServer((req, res) => {
      squeeze(req as never, res as never, () => {
        res.setHeader('content-type', 'application/octet-stream');
        void writeBody(body, res);
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          // A slow reader: the socket fills and the writer waits for drain many times.
          res.on('data', (d: Buffer) => {
            received += d.length;
            res.pause();
            setTimeout(() => res.resume(), 1);
          });
          res.on('end', resolve);
        })
        .on('error', reject);
    });
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    expect(received).toBeGreaterThan(64 * CHUNK);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
