// AI features over the caller's cards (visitors: the public cards): a provider check, recommendations for a need,
// and an ordered workflow. The candidate list covers every card the caller can see, not only a first page.
import { z } from 'zod';
import type { Actor } from '../actor';
import type { CardDto } from '../cards/card.dto';
import { listCardsPage } from '../navigation/navigation.service';
import { resolveAiConfig, type DraftAiConfig } from './ai-config';
import { chatJson } from './ai-client';
import type { AiQuery } from './ai.schema';

const CANDIDATES_MAX = 500;

/** A trivial round trip: answers `{ok: true}` when the provider answers. */
export async function aiCheck(actor: Actor, draft?: DraftAiConfig): Promise<{ ok: true }> {
  const config = await resolveAiConfig(actor, draft);
  await chatJson(
    config,
    'Reply with the JSON object {"ok": true} and nothing else.',
    'ping',
    z.object({ ok: z.literal(true) }),
  );
  return { ok: true };
}

/** Every site card the caller can see (up to CANDIDATES_MAX), the list the prompts offer the model. */
export async function candidates(actor: Actor | null): Promise<CardDto[]> {
  return (await listCardsPage(actor, { limit: CANDIDATES_MAX }, 'site')).items;
}

/** The cards as the prompts show them (JSON). */
export function describe(cards: CardDto[], withNotes: boolean): string {
  return JSON.stringify(
    cards.map((c) => ({
      id: c.id,
      name: c.name,
      url: c.siteUrl,
      description: c.siteDescription ?? '',
      tags: c.tags.map((t) => t.name),
      ...(c.siteRecommendContextEnabled && c.siteRecommendContext ? { context: c.siteRecommendContext } : {}),
      ...(withNotes && c.siteNotesAiEnabled && c.siteNotes ? { notes: c.siteNotes.slice(0, 500) } : {}),
    })),
  );
}

const RecommendAnswer = z.object({
  reasoning: z.string().default(''),
  recommendations: z.array(z.object({ siteId: z.string(), reason: z.string().default('') })).default([]),
});

/**
 * Up to 6 of the caller's sites for a need, in the model's order: `{items: [{site, reason}], reasoning}` and the
 * same as `recommendations: [{siteId, name, url, reason}]`.
 */
export async function aiRecommend(actor: Actor | null, input: AiQuery) {
  const config = await resolveAiConfig(actor, input.draft);
  const cards = await candidates(actor);
  const answer = await chatJson(
    config,
    "You recommend websites from the given list for the user's need. Answer only JSON: " +
      '{"reasoning": string, "recommendations": [{"siteId": string, "reason": string}]} with at most 6 items, ' +
      'most relevant first, using only ids from the list.',
    `Need: ${input.query}\nSites: ${describe(cards, actor !== null)}`,
    RecommendAnswer,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  const items = answer.recommendations
    .filter((r) => byId.has(r.siteId))
    .slice(0, 6)
    .map((r) => ({ site: byId.get(r.siteId)!, reason: r.reason }));
  // The spec's shape (`recommendations: [{name, url, reason}]`) beside the older clients' `items` + `reasoning`.
  const recommendations = items.map(({ site, reason }) => ({
    siteId: site.id,
    name: site.name,
    url: site.siteUrl,
    reason,
  }));
  return { items, reasoning: answer.reasoning, recommendations };
}

const WorkflowAnswer = z.object({
  reasoning: z.string().default(''),
  steps: z
    .array(
      z.object({
        step: z.number().optional(),
        siteId: z.string(),
        action: z.string().default(''),
        reason: z.string().default(''),
      }),
    )
    .default([]),
});

/** An ordered plan of up to 8 steps over the caller's sites: `{steps: [{site, action, reason}], reasoning}`. */
export async function aiWorkflow(actor: Actor | null, input: AiQuery) {
  const config = await resolveAiConfig(actor, input.draft);
  const cards = await candidates(actor);
  const answer = await chatJson(
    config,
    "You plan a workflow over the given websites for the user's goal. Answer only JSON: " +
      '{"reasoning": string, "steps": [{"step": number, "siteId": string, "action": string, "reason": string}]} ' +
      'with at most 8 ordered steps, using only ids from the list.',
    `Goal: ${input.query}\nSites: ${describe(cards, actor !== null)}`,
    WorkflowAnswer,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  const steps = answer.steps
    .filter((s) => byId.has(s.siteId))
    .slice(0, 8)
    .map((s) => ({ site: byId.get(s.siteId)!, action: s.action, reason: s.reason }));
  return { steps, reasoning: answer.reasoning };
}
