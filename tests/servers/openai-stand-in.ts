// An OpenAI-compatible chat completions server: answers with the next queued reply (text, or an HTTP status).
import { startStandIn, type StandIn } from './http-server';

export type AiReply = string | { status: number };

export async function startAiStandIn(): Promise<StandIn & { replies: AiReply[] }> {
  const replies: AiReply[] = [];
  const server = await startStandIn((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const next = replies.shift() ?? '{"ok": true}';
    if (typeof next !== 'string') {
      res.writeHead(next.status, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      return;
    }
    const model = (JSON.parse(req.body) as { model?: string }).model ?? 'm';
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion',
        created: 0,
        model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next } }],
      }),
    );
  });
  return Object.assign(server, { replies });
}
