// Requests at the edge of HTTP: malformed Host headers and paths, static files, refused cross-site posts.
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { admin, newUserClient } from '../factories';
import { HEALTH_WAIT_MAX_MS, worstHealthWhile } from './stall-helpers';

/** Sends a request as written (fetch would refuse a malformed Host) and returns status line, headers and body. */
async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port, hostname } = new URL(await appUrl());
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let buf = '';
    socket.on('data', (d) => (buf += d));
    socket.on('end', () => resolve(buf));
    socket.on('error', reject);
  });
  const [head = '', ...rest] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: rest.join('\r\n\r\n') };
}

/** The JSON object in a raw response body (chunked or not). */
function jsonOf(body: string): unknown {
  return JSON.parse(
    body
      .trim()
      .split('\r\n')
      .find((l) => l.startsWith('{')) ?? body,
  );
}

beforeAll(async () => {
  await resetDatabase();
  await admin();
});

describe('HTTP edges', () => {
  it('answers a malformed Host header with 400, never 500 (JSON under /api)', async () => {
    const page = await raw('GET / HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n');
    expect(page.status).toBe(400);
    const api = await raw('GET /api/health HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n');
    expect(api.status).toBe(400);
    expect(api.headers).toContain('application/json');
    expect(jsonOf(api.body)).toMatchObject({
      code: 'bad_request',
    });
  });

  it('answers every malformed request with a 4xx (501 for methods it has no use for), never 500', async () => {
    const { host, port } = new URL(await appUrl());
    const cases: [string, number][] = [
      [`GET * HTTP/1.1\r\nHost: ${host}`, 400],
      [`OPTIONS * HTTP/1.1\r\nHost: ${host}`, 400],
    ];
    for (const path of ['/', '/api/health']) {
      cases.push(
        [`GET ${path} HTTP/1.1\r\nHost: a:99999`, 400],
        [`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:-1`, 400],
        [`GET ${path} HTTP/1.1\r\nHost: `, 400],
        [`GET ${path} HTTP/1.0`, 400],
        [`GET http://evil.example${path} HTTP/1.1\r\nHost: ${host}`, 400],
        // The tests' app trusts one proxy hop, so X-Forwarded-* count as Host and protocol.
        [`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: a:99999`, 400],
        [`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Proto: gopher`, 400],
        [`TRACE ${path} HTTP/1.1\r\nHost: ${host}`, 501],
        [`PROPFIND ${path} HTTP/1.1\r\nHost: ${host}`, 501],
      );
    }
    for (const [head, status] of cases) {
      const res = await raw(`${head}\r\nConnection: close\r\n\r\n`);
      expect(res.status, head).toBe(status);
      expect(res.body, head).not.toMatch(/\n\s+at |Error:/);
      if (head.includes('/api/')) {
        expect(res.headers, head).toContain('application/json');
        expect(jsonOf(res.body), head).toMatchObject({
          code: status === 501 ? 'not_implemented' : 'bad_request',
          error: expect.stringMatching(/\w/),
        });
      } else {
        expect(res.body.trim(), head).not.toBe('');
      }
    }
    // Well-formed hosts are served: names, IPv6 literals, no port.
    for (const name of [
      `localhost:${port}`,
      `[::1]:${port}`,
      '127.0.0.1',
      '127.0.0.1:',
      'nav.example.com:8080',
    ]) {
      const res = await raw(`GET /api/health HTTP/1.1\r\nHost: ${name}\r\nConnection: close\r\n\r\n`);
      expect(res.status, name).toBe(200);
    }
  });

  describe('the trusted origin (no PUBLIC_URL: loopback and the listening address only)', () => {
    it('refuses a cookie-authenticated change whose Origin matches only a Host the client chose', async () => {
      const c = await newUserClient({ username: 'origin-user' });
      const base = await appUrl();
      const tag = (name: string, headers: Record<string, string> = {}) =>
        c.post('/api/tags', { name }, { headers });
      expect((await tag('Own origin')).status).toBe(200);
      // Behind the (test) trusted proxy: X-Forwarded-Host names the site.
      const forged = await tag('Forwarded', {
        'x-forwarded-host': 'evil.example',
        origin: 'http://evil.example',
      });
      expect(forged.status).toBe(403);
      expect(forged.json).toMatchObject({
        code: 'csrf_failed',
        error: expect.stringContaining('PUBLIC_URL'),
      });
      // The same host through another scheme is another origin.
      const scheme = await tag('Scheme', { origin: base.replace(/^http:/, 'https:') });
      expect(scheme.status).toBe(403);
      // A Host header the client wrote, as without a proxy.
      const { port, hostname } = new URL(base);
      const direct = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: hostname,
            port,
            method: 'POST',
            path: '/api/tags',
            headers: {
              host: 'evil.example',
              origin: 'http://evil.example',
              cookie: c.cookieHeader(),
              'content-type': 'application/json',
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ name: 'Direct' }));
      });
      expect(direct).toBe(403);
      const names = (await c.get('/api/tags')).json.items.map((t: { name: string }) => t.name);
      expect(names).toContain('Own origin');
      expect(names.filter((n: string) => ['Forwarded', 'Scheme', 'Direct'].includes(n))).toEqual([]);
    });

    it('tells a page form posted from an untrusted address why, instead of "try again"', async () => {
      const page = await new Client().call('POST', '/login', {
        rawBody: 'username=a&password=b',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-host': 'lan-box.example:3000',
          origin: 'http://lan-box.example:3000',
        },
      });
      expect(page.status).toBe(403);
      expect(page.text).toContain('PUBLIC_URL');
      expect(page.text).not.toContain('Your form expired');
    });

    it('shows pages addresses from the trusted origin, not from the Host header', async () => {
      const page = await new Client().get('/docs/api', { headers: { 'x-forwarded-host': 'evil.example' } });
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('evil.example');
    });
  });

  it('answers a path that does not decode with 400: JSON under /api, as the API promises', async () => {
    const c = new Client();
    for (const p of ['/api/%FF', '/api/tags/%E0%A4%A', '/api/navigation/cards/%C0']) {
      const res = await c.get(p);
      expect(res.status, p).toBe(400);
      expect(res.headers.get('content-type'), p).toMatch(/application\/json/);
      expect(res.json, p).toMatchObject({ code: 'bad_request', error: expect.any(String) });
      expect(res.text).not.toMatch(/URIError|at decode/);
    }
    const page = await c.get('/%FF');
    expect(page.status).toBe(400);
    expect(page.text).not.toMatch(/URIError|at decode/);
  });

  it('refuses a deeply nested JSON body before parsing it, on a route open to anyone (it held the server ~2 s)', async () => {
    // Nesting a real request needs is accepted (strings with brackets do not count).
    const fine = await new Client().call('POST', '/api/auth/login', {
      rawBody: JSON.stringify({ username: '[[[[{{{{', password: [[[[['x']]]]] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(fine.json.code).toBe('validation_failed');
    // 1 MB (the default body limit) of `[`…`]`: JSON.parse's time grows faster than the depth.
    const nested = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const { result, worstMs } = await worstHealthWhile(() =>
      new Client().call('POST', '/api/auth/login', {
        rawBody: nested,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(worstMs).toBeLessThan(HEALTH_WAIT_MAX_MS);
    expect(result).toMatchObject({ status: 400, json: { code: 'nesting_too_deep' } });
  });

  it('serves static files with nosniff', async () => {
    const assets = readdirSync(path.resolve(import.meta.dirname, '../../build/client/assets'));
    const c = new Client();
    for (const file of [
      `/assets/${assets.find((a) => a.endsWith('.js'))}`,
      `/assets/${assets.find((a) => a.endsWith('.css'))}`,
      '/favicon.svg',
    ]) {
      const res = await c.get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
    }
  });

  it("sends the build's precompressed copies, brotli first, small scripts too, with the same bytes inside", async () => {
    const dir = path.resolve(import.meta.dirname, '../../build/client/assets');
    const assets = readdirSync(dir);
    const { port, hostname } = new URL(await appUrl());
    const get = (file: string, encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: hostname, port, path: file, headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    // A script under the on-the-fly threshold (8 KB) went uncompressed before.
    const small = assets.find(
      (a) => a.endsWith('.js') && assets.includes(`${a}.br`) && statSync(path.join(dir, a)).size < 8192,
    );
    expect(small, 'a precompressed script under 8 KB').toBeDefined();
    const file = `/assets/${small}`;
    const plain = await get(file, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(file, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const gz = await get(file, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(plain.body);
  });

  describe('logging', () => {
    const lines: string[] = [];
    let level: string | undefined;
    afterEach(() => {
      vi.restoreAllMocks();
      process.env.LOG_LEVEL = level;
    });

    it('logs a refused cross-site form post as one warning, without a stack trace', async () => {
      level = process.env.LOG_LEVEL;
      process.env.LOG_LEVEL = 'info';
      const capture = (chunk: unknown) => {
        lines.push(String(chunk));
        return true;
      };
      vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
      vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
      const c = new Client();
      for (const url of ['/login', '/profile', '/preferences']) {
        const res = await c.call('POST', url, {
          rawBody: 'csrf=x&theme=dark&username=a&password=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        });
        expect([400, 403], url).toContain(res.status);
      }
      vi.restoreAllMocks();
      const logged = lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const refusals = logged.filter((l) => l.module === 'csrf');
      expect(refusals.length, lines.join('')).toBe(3);
      for (const l of refusals) expect(l.level).toBe('warn');
      expect(
        logged.filter((l) => l.level === 'error'),
        lines.join(''),
      ).toEqual([]);
      expect(lines.join('')).not.toMatch(/\n\s+at /);
    });
  });
});
