// The site editor's "Analyze with AI" buttons. They submit the form (so they work without JavaScript); the action
// asks the AI service about the entered address and answers the same form with the suggestions filled in: empty
// name, description and recommend context get the model's text, matching tags are ticked, and (full) related sites
// are added as rows. Nothing is saved until the user saves the form.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { aiAnalyzeSiteCard, type AnalyzeResult } from '#server/ai/ai-analyze.service';
import { isAppError } from '#server/errors';
import { SiteFormSchema } from './editor-schemas';
import { pageErrorMessage } from './forms.server';
import type { Locale } from './i18n';
import { AI_ANALYZE_FIELD, type AiNotice } from './site-ai';

export { AI_ANALYZE_FIELD };

type Payload = Record<string, unknown>;

const isEmpty = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const asList = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : [v].flat());

/** The submitted values with the analysis merged in. */
export function mergeAnalysis(payload: Payload, result: AnalyzeResult): Payload {
  const next: Payload = { ...payload };
  delete next[AI_ANALYZE_FIELD];
  if (isEmpty(next.name) && result.title) next.name = result.title;
  if (isEmpty(next.siteDescription) && result.description) next.siteDescription = result.description;
  const tagIds = asList(next.tagIds).map(String);
  for (const m of result.matchedTags) if (!tagIds.includes(m.id)) tagIds.push(m.id);
  next.tagIds = tagIds;
  if (result.siteRecommendContext && isEmpty(next.siteRecommendContext)) {
    next.siteRecommendContext = result.siteRecommendContext;
  }
  if (result.recommendations?.length) {
    const rows = asList(next.siteRelatedSites) as Payload[];
    const present = new Set(rows.map((r) => String(r.cardId ?? '')));
    for (const r of result.recommendations) {
      if (present.has(r.cardId)) continue;
      rows.push({ cardId: r.cardId, reason: r.reason, source: 'ai', enabled: 'on' });
    }
    next.siteRelatedSites = rows;
  }
  return next;
}

export type AiFormResult = SubmissionResult<string[]> & { aiNotice?: AiNotice };

/** A reply with only this error (not the errors of fields the user has not filled in yet). */
function onlyError(payload: Payload, field: string, message: string, status: number) {
  const result: AiFormResult = {
    status: 'error',
    initialValue: payload as never,
    error: { [field]: [message] },
  };
  return data(result, { status });
}

/** The form again, with the suggestions in it (or with the AI's refusal as an error). */
export async function analyzeIntoForm(actor: Actor, formData: FormData, locale: Locale, cardId?: string) {
  const submission = parseWithZod(formData, { schema: SiteFormSchema });
  const scope = formData.get(AI_ANALYZE_FIELD) === 'full' ? 'full' : 'basic';
  const payload = { ...(submission.payload as Payload) };
  delete payload[AI_ANALYZE_FIELD];
  const url = typeof payload.siteUrl === 'string' ? payload.siteUrl.trim() : '';
  if (!url) return onlyError(payload, 'siteUrl', 'Enter the address of the site to analyze', 400);
  try {
    const result = await aiAnalyzeSiteCard(actor, { url, cardId, scope, draft: undefined });
    const value = mergeAnalysis(payload, result);
    // An "update" of the whole form: conform puts these values in the fields, on the server render and in the
    // browser alike; no field is marked as validated, so no error shows before the user saves.
    const reply: AiFormResult = {
      intent: { type: 'update', payload: { value } } as never,
      initialValue: value as never,
      aiNotice: {
        scope,
        newTags: result.recommendedTags.map((t) => t.name),
        related: result.recommendations?.length ?? 0,
      },
    };
    return data(reply, { status: 200 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    const field = err.code === 'bad_request' && /^url:/.test(err.message) ? 'siteUrl' : '';
    return onlyError(payload, field, pageErrorMessage(err, locale), err.status);
  }
}
