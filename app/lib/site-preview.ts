// What the site editor's "Fetch details" shares between the page (browser) and its action
// (app/lib/site-preview.server.ts).

/** The submit button's field (`button`), or `auto` when the page asked by itself (a pasted or prefilled URL). */
export const FETCH_DETAILS_FIELD = 'fetchDetails';

/**
 * "Fetch details" through a fetcher changes nothing stored, so no route reloads after it: the editor's lookups stay,
 * and the root's data request (which shows and clears a page's one-time message) is not sent. Without this, a fetch
 * started as the URL field lost focus to "Create" made the root reload after the save had redirected, and that
 * reload ate the "Created" message meant for the dashboard.
 */
export function onlyLooksUp(formData: FormData | undefined): boolean {
  return formData?.has(FETCH_DETAILS_FIELD) ?? false;
}

/** The fields a fetch may fill, each only while empty, and where its value comes from. */
export const FETCHED_FIELDS = [
  ['name', 'title'],
  ['siteDescription', 'description'],
  ['iconUrl', 'iconUrl'],
] as const;

export type FetchedValues = { title: string; description: string; iconUrl: string };

/** What the last fetch did, said under the URL field. */
export type FetchNotice =
  | { ok: true; filled: string[]; values: FetchedValues; url: string }
  | { ok: false; reason: string; status?: number; retryAfter?: string };
