// What the site editor's "Fetch details" shares between the page (browser) and its action
// (app/lib/site-preview.server.ts).

/** The submit button's field (`button`), or `auto` when the page asked by itself (a pasted or prefilled URL). */
export const FETCH_DETAILS_FIELD = 'fetchDetails';

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
