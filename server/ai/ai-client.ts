// One chat completion against an OpenAI-compatible API, answered as validated JSON. The SDK's HTTP goes through
// safeFetch (the provider's address is checked like any other outbound target); a deadline and one retry.
import type { ZodType } from 'zod';
import { AppError } from '../errors';
import { logger } from '../logger';
import { OutboundError, safeFetch } from '../net/safe-fetch';
import type { AiConfig } from './ai-config';
import { extractJson } from './ai-json';

const TIMEOUT_MS = 30_000;

/** The SDK's `fetch`, on top of safeFetch. */
async function fetchThroughPolicy(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' || input instanceof URL ? input : input.url;
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
  try {
    const res = await safeFetch(url, {
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 2 * 1024 * 1024,
      onTooLarge: 'error',
      maxRedirects: 0,
      signal: init?.signal ?? undefined,
    });
    return new Response(res.status === 204 ? null : new Uint8Array(res.body), {
      status: res.status,
      headers: res.headers,
    });
  } catch (err) {
    if (err instanceof OutboundError) throw new TypeError(err.reason, { cause: err });
    throw err;
  }
}

function unavailable(detail: string): AppError {
  return new AppError('ai_unavailable', `The AI provider failed: ${detail}`);
}

/** Asks the model and returns its JSON answer validated by `schema`; 502 `ai_unavailable` when that fails. */
export async function chatJson<T>(
  config: AiConfig,
  system: string,
  user: string,
  schema: ZodType<T>,
): Promise<T> {
  // Loaded by the first AI call, not at start (~0.2 s of the app's start-up import).
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: TIMEOUT_MS,
    maxRetries: 1,
    fetch: fetchThroughPolicy,
  });
  let text: string;
  try {
    const res = await client.chat.completions.create({
      model: config.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    text = res.choices[0]?.message?.content ?? '';
  } catch (err) {
    const e = err as { status?: number; message?: string };
    logger.warn('ai', 'provider call failed', { status: e.status, error: String(e.message ?? err) });
    throw unavailable(e.status ? `HTTP ${e.status}` : String(e.message ?? 'no answer').slice(0, 200));
  }
  const parsed = schema.safeParse(extractJson(text));
  if (!parsed.success) throw unavailable('the answer was not the JSON asked for');
  return parsed.data;
}
