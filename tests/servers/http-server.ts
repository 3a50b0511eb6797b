// A real HTTP server on 127.0.0.1 for tests that need something to talk to (sites, webhooks, AI providers).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  port: number;
  /** Requests received so far (method, path, headers, body). */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

export type StandInHandler = (
  req: http.IncomingMessage & { body: string },
  res: http.ServerResponse,
) => void | Promise<void>;

/** Starts a server on 127.0.0.1 (`port` 0 = any free port); open connections are cut on close. */
export async function startStandIn(handler: StandInHandler, port = 0): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ method: req.method!, path: req.url!, headers: req.headers, body });
    try {
      await handler(Object.assign(req, { body }), res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sites for online checks and fetch tests, by path: /ok, /fail (500), /hang, /endless, /redirect?to=, /keyword. */
export function siteHandler(): StandInHandler {
  return (req, res) => {
    const url = new URL(req.url!, 'http://x');
    switch (url.pathname) {
      case '/fail':
        res.writeHead(500).end('down');
        return;
      case '/hang':
        return; // never answers; the server's close cuts it
      case '/endless': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const pump = () => {
          while (res.write(chunk));
          res.once('drain', pump);
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
        return;
      }
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' }).end();
        return;
      case '/no-head':
        if (req.method === 'HEAD') res.writeHead(405).end();
        else res.writeHead(200, { 'content-type': 'text/html' }).end('<title>GET only</title>');
        return;
      default:
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            req.method === 'HEAD'
              ? undefined
              : `<title>ok</title> host=${req.headers.host} path=${url.pathname}`,
          );
    }
  };
}
