// AI analysis of one site for the editor (compat §9): from its address, a title, a one-line description, matching
// tags of the caller and new tag names; `full` adds a recommend context and related cards among the caller's sites.
// Only ids the caller owns come back, whatever the model answers.
import { z } from 'zod';
import type { Actor } from '../actor';
import { getCard } from '../cards/site-card.service';
import { badRequest } from '../errors';
import { listTags } from '../tags/tag.service';
import { checkUrl } from '../urls/url-policy.shared';
import { resolveAiConfig } from './ai-config';
import { chatJson } from './ai-client';
import type { AiAnalyzeInput } from './ai.schema';
import { candidates, describe } from './ai.service';

const FULL_CANDIDATES_MAX = 200;
const RELATED_MIN_SCORE = 0.7;

const score = z.coerce
  .number()
  .catch(0)
  .transform((n) => Math.min(1, Math.max(0, n)));
const text = (max: number) =>
  z
    .string()
    .catch('')
    .transform((s) => s.trim().slice(0, max));

const AnalyzeAnswer = z.object({
  title: text(80).default(''),
  description: text(200).default(''),
  matchedTags: z
    .array(z.object({ id: z.coerce.string(), score: score.default(0) }))
    .catch([])
    .default([]),
  recommendedTags: z
    .array(z.object({ name: text(40), score: score.default(0) }))
    .catch([])
    .default([]),
  siteRecommendContext: text(500).default(''),
  recommendations: z
    .array(z.object({ cardId: z.coerce.string(), reason: text(200).default(''), score: score.default(0) }))
    .catch([])
    .default([]),
});

export interface AnalyzeResult {
  title: string;
  description: string;
  matchedTags: { id: string; name: string; score: number }[];
  recommendedTags: { name: string; score: number }[];
  siteRecommendContext?: string;
  recommendations?: { cardId: string; siteId: string; name: string; reason: string; score: number }[];
}

const BASIC_PROMPT =
  'You describe a website for a bookmark dashboard from its address (and name, if given). Answer only JSON: ' +
  '{"title": string (the site name, short), "description": string (one line, at most 80 characters), ' +
  '"matchedTags": [{"id": string, "score": number 0-1}] (at most 3 of the given tags that fit, by id), ' +
  '"recommendedTags": [{"name": string, "score": number 0-1}] (at most 3 new tag names; none when two given tags ' +
  'fit well)';
const FULL_PROMPT =
  ', "siteRecommendContext": string (50-200 characters: when and why someone would use this site), ' +
  '"recommendations": [{"cardId": string, "reason": string, "score": number 0-1}] (at most 10 related sites ' +
  'from the given list, by id)';

/** The analysis of a site for the caller's editor; 400 for an unusable URL, 404 for a card that is not theirs. */
export async function aiAnalyzeSiteCard(actor: Actor, input: AiAnalyzeInput): Promise<AnalyzeResult> {
  const config = await resolveAiConfig(actor, input.draft);
  const card = input.cardId ? await getCard(actor, input.cardId) : null;
  const checked = checkUrl(input.url ?? card?.siteUrl ?? '', 'link');
  if (!checked.ok) throw badRequest(`url: ${checked.message}`);
  const tags = (await listTags(actor)).map((t) => ({ id: t.id, name: t.name }));
  const full = input.scope === 'full';
  const others = full
    ? (await candidates(actor)).filter((c) => c.id !== card?.id).slice(0, FULL_CANDIDATES_MAX)
    : [];
  const lines = [`URL: ${checked.value}`];
  if (card) lines.push(`Current name: ${card.name}`);
  if (card?.siteRecommendContext) lines.push(`Current context: ${card.siteRecommendContext}`);
  lines.push(`Tags: ${JSON.stringify(tags)}`);
  if (full) lines.push(`Sites: ${describe(others, false)}`);
  const answer = await chatJson(
    config,
    `${BASIC_PROMPT}${full ? FULL_PROMPT : ''}}.`,
    lines.join('\n'),
    AnalyzeAnswer,
  );

  const tagById = new Map(tags.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const matchedTags = answer.matchedTags
    .filter((m) => tagById.has(m.id) && !seen.has(m.id) && seen.add(m.id))
    .slice(0, 3)
    .map((m) => ({ id: m.id, name: tagById.get(m.id)!.name, score: m.score }));
  const taken = new Set(tags.map((t) => t.name.toLowerCase()));
  const recommendedTags = answer.recommendedTags
    .filter((r) => r.name && !taken.has(r.name.toLowerCase()) && taken.add(r.name.toLowerCase()))
    .slice(0, 3);
  const result: AnalyzeResult = {
    title: answer.title,
    description: answer.description,
    matchedTags,
    recommendedTags,
  };
  if (!full) return result;
  const byId = new Map(others.map((c) => [c.id, c]));
  const picked = new Set<string>();
  result.siteRecommendContext = answer.siteRecommendContext;
  result.recommendations = answer.recommendations
    .filter((r) => r.score > RELATED_MIN_SCORE && byId.has(r.cardId) && !picked.has(r.cardId))
    .filter((r) => picked.add(r.cardId))
    .slice(0, 10)
    .map((r) => ({
      cardId: r.cardId,
      siteId: r.cardId,
      name: byId.get(r.cardId)!.name,
      reason: r.reason,
      score: r.score,
    }));
  return result;
}
