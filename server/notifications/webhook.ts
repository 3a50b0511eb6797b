// Sends one message to a webhook channel through the safe client.
import { badRequest } from '../errors';
import { OutboundError, safeFetch } from '../net/safe-fetch';
import type { ChannelInput } from './channel.schema';

const TIMEOUT_MS = 10_000;

/** Posts `{<titleParam>: title, <contentParam>: content}`; GET sends them as query parameters. */
export async function sendWebhook(
  channel: Pick<ChannelInput, 'url' | 'method' | 'contentType' | 'titleParam' | 'contentParam'>,
  title: string,
  content: string,
): Promise<{ ok: true; status: number }> {
  const fields = { [channel.titleParam]: title, [channel.contentParam]: content };
  let url = channel.url;
  let body: string | undefined;
  const headers: Record<string, string> = { 'user-agent': 'SakuraDash-Webhook' };
  if (channel.method === 'GET') {
    const u = new URL(channel.url);
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
    url = u.toString();
  } else {
    headers['content-type'] = channel.contentType;
    body =
      channel.contentType === 'application/json'
        ? JSON.stringify(fields)
        : new URLSearchParams(fields).toString();
  }
  try {
    const res = await safeFetch(url, {
      method: channel.method,
      headers,
      body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 4096,
    });
    if (res.status < 200 || res.status >= 300) {
      throw badRequest(`Request failed (HTTP ${res.status}): ${res.text().slice(0, 200)}`);
    }
    return { ok: true, status: res.status };
  } catch (err) {
    if (err instanceof OutboundError) throw badRequest(`Request failed: ${err.reason}`);
    throw err;
  }
}
