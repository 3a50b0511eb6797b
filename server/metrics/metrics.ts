// Prometheus metrics for operators (`GET /metrics`, docs/api.md "Metrics"): off unless METRICS_TOKEN is set, then
// only with that token as a bearer. prom-client's default registry holds them, so the HTTP layer outside the app
// bundle (scripts/lib/http-app.mjs: requests by route group, method and status, with their durations) records into
// the same one; the process's own figures (event-loop lag, memory, GC) come from prom-client's default collectors.
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { cachedSpaces } from '../spaces/space.cache';

const registry = client.register;

/** A metric of this module, replacing one an earlier load of it registered (tests load modules again). */
function fresh<T extends client.Metric>(name: string, make: () => T): T {
  registry.removeSingleMetric(name);
  return make();
}

let collecting = false;

/** Starts the default collectors (once per process). */
export function startMetrics(): void {
  if (collecting || registry.getSingleMetric('process_cpu_user_seconds_total')) return;
  collecting = true;
  client.collectDefaultMetrics({ register: registry });
}

/** Online-check results as they are recorded, by result. */
export const onlineCheckResults = fresh(
  'sakura_online_check_results_total',
  () =>
    new client.Counter({
      name: 'sakura_online_check_results_total',
      help: 'Online checks recorded, by result',
      labelNames: ['result'] as const,
    }),
);

fresh(
  'sakura_cached_spaces',
  () =>
    new client.Gauge({
      name: 'sakura_cached_spaces',
      help: "Users' spaces held in memory",
      collect() {
        this.set(cachedSpaces().count);
      },
    }),
);

fresh(
  'sakura_cached_space_bytes',
  () =>
    new client.Gauge({
      name: 'sakura_cached_space_bytes',
      help: 'Bytes of the spaces held in memory, as the cache budget counts them',
      collect() {
        this.set(cachedSpaces().bytes);
      },
    }),
);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The answer to `GET /metrics`: 404 when metrics are off (no token configured), 401 without the right bearer
 * token, else the Prometheus text format.
 */
export async function metricsResponse(request: Request, token: string | undefined): Promise<Response> {
  const json = (status: number, error: string, code: string, headers: Record<string, string> = {}) =>
    Response.json({ error, code }, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
  if (!token) return json(404, 'Not found', 'not_found');
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!sameSecret(given, token)) {
    return json(401, 'A valid metrics token is required', 'unauthorized', {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    });
  }
  startMetrics();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
