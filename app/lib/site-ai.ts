// What the site editor's AI buttons share between the page (browser) and its action (app/lib/site-ai.server.ts).

/** The submit button's field: its value is the scope (`basic` or `full`). */
export const AI_ANALYZE_FIELD = 'aiAnalyze';

/** What the analysis added, said above the form. */
export interface AiNotice {
  scope: 'basic' | 'full';
  /** New tag names the model suggested (they do not exist yet, so they cannot be ticked). */
  newTags: string[];
  /** Related sites added as rows. */
  related: number;
}
