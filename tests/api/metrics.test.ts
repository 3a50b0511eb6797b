// GET /metrics: Prometheus figures for operators, off unless METRICS_TOKEN is set, then only with that token.
process.env.METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

import { beforeEach, describe, expect, it } from 'vitest';
import { metricsResponse } from '#server/metrics/metrics';
import { admin } from '../factories';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { siteHandler, startStandIn } from '../servers/http-server';

const TOKEN = process.env.METRICS_TOKEN!;

describe('metrics', () => {
  beforeEach(resetDatabase);

  it('are off without a configured token: 404, whatever is sent', async () => {
    const res = await metricsResponse(
      new Request('http://x/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }),
      undefined,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('answer only the configured bearer token, not a session or another token', async () => {
    const { client } = await admin();
    const visitor = new Client();
    for (const [c, headers] of [
      [visitor, {}],
      [visitor, { authorization: 'Bearer wrong-token-wrong-token-00000' }],
      [visitor, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }],
      [client, {}],
    ] as const) {
      const res = await c.call('GET', '/metrics', { headers: { ...headers } });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'unauthorized' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('count requests by route group and status, online-check results, cached spaces and event-loop lag', async () => {
    const { client } = await admin();
    const site = await startStandIn(siteHandler());
    try {
      const card = await client.create('/api/site-cards', { name: 'Up', siteUrl: `${site.url}/ok` });
      await client.post('/api/site-cards/check-online-single', { cardId: card.id });
      await client.get(`/card/${card.id}`);
      await new Client().get('/no-such-page-at-all');
      const res = await new Client().call('GET', '/metrics', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.text;
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/card",status="2xx"\} [1-9]/m,
      );
      // A path nobody serves adds no series of its own.
      expect(text).toMatch(/route="unmatched",status="4xx"/);
      expect(text).not.toContain('no-such-page');
      expect(text).toMatch(/^sakura_online_check_results_total\{result="online"\} [1-9]/m);
      expect(text).toMatch(/^sakura_cached_spaces [1-9]/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    } finally {
      await site.close();
    }
  });
});
