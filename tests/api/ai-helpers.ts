import { expect } from 'vitest';
import { admin } from '../factories';
import type { startAiStandIn } from '../servers/openai-stand-in';
import type { CallResult } from '../setup/client';

type AiStandIn = Awaited<ReturnType<typeof startAiStandIn>>;

/** The admin points the instance at the local AI server (model `m1`); returns the admin and their client. */
export async function configureAi(ai: AiStandIn) {
  const { user, client } = await admin();
  const saved = await client.put('/api/settings', {
    aiApiKey: 'sk-test-123456789',
    aiBaseUrl: `${ai.url}/v1`,
    aiModel: 'm1',
  });
  expect(saved.status).toBe(200);
  return { user, client };
}

/** A provider failing twice: the call is retried once, then answered 502 `ai_unavailable`. */
export async function expectProviderDown(ai: AiStandIn, send: () => Promise<CallResult>) {
  const before = ai.requests.length;
  ai.replies.push({ status: 500 }, { status: 500 });
  const down = await send();
  expect(down.status).toBe(502);
  expect(down.json.code).toBe('ai_unavailable');
  expect(ai.requests.length - before).toBe(2);
}
