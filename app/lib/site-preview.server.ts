// The site editor's "Fetch details": a submit button (so it works without JavaScript) whose action reads the page
// at the entered URL (previewSite, the service of `POST /api/site-cards/preview`) and answers the same form with
// the empty name, description and icon filled in and everything else as typed. With JavaScript the page posts the
// same form through a fetcher and fills the fields that are still empty when the answer comes.
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import type { Actor } from '#server/actor';
import { isAppError } from '#server/errors';
import { previewFailure, previewSite } from '#server/site-preview/site-preview.service';
import { SiteFormSchema } from './editor-schemas';
import { FETCH_DETAILS_FIELD, FETCHED_FIELDS, type FetchNotice } from './site-preview';

type Payload = Record<string, unknown>;
export type FetchFormResult = SubmissionResult<string[]> & { fetchNotice: FetchNotice };

const isEmpty = (v: unknown) => typeof v !== 'string' || v.trim() === '';

function reasonOf(err: unknown): Omit<Extract<FetchNotice, { ok: false }>, 'ok'> {
  if (!isAppError(err)) throw err;
  const failure = previewFailure(err);
  if (failure) return { reason: failure, status: (err.details as { status?: number }).status };
  if (err.code === 'rate_limited')
    return { reason: 'rate_limited', retryAfter: err.headers?.['Retry-After'] };
  if (err.code === 'bad_request' || err.code === 'validation_failed') return { reason: 'invalid_url' };
  throw err;
}

/** The form again: with the page's details in its empty fields, or as typed with the reason nothing was filled. */
export async function previewIntoForm(actor: Actor, formData: FormData): Promise<FetchFormResult> {
  const payload = { ...(parseWithZod(formData, { schema: SiteFormSchema }).payload as Payload) };
  delete payload[FETCH_DETAILS_FIELD];
  const url = typeof payload.siteUrl === 'string' ? payload.siteUrl.trim() : '';
  const kept = (notice: FetchNotice): FetchFormResult => ({
    initialValue: payload as never,
    fetchNotice: notice,
  });
  if (!url) return kept({ ok: false, reason: 'no_url' });
  try {
    const preview = await previewSite(actor, { url });
    const values = { title: preview.title, description: preview.description, iconUrl: preview.iconUrl };
    const value: Payload = { ...payload };
    const filled: string[] = [];
    for (const [field, from] of FETCHED_FIELDS) {
      if (isEmpty(value[field]) && values[from]) {
        value[field] = values[from];
        filled.push(field);
      }
    }
    // An "update" of the whole form: conform puts these values in the fields (server render and browser alike),
    // marking nothing as validated, so no error shows before the user saves.
    return {
      intent: { type: 'update', payload: { value } } as never,
      initialValue: value as never,
      fetchNotice: { ok: true, filled, values, url: preview.url },
    };
  } catch (err) {
    return kept({ ok: false, ...reasonOf(err) });
  }
}
