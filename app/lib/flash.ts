/** A one-time message shown on the next page (e.g. "Card deleted — Undo"). Text is an i18n key. */
export interface Flash {
  kind: 'success' | 'error' | 'info';
  key: string;
  values?: Record<string, string | number>;
  /** An undo token for the last deletion. */
  undo?: string;
  /** The automatic snapshot taken before the last import: its Undo restores it. */
  restore?: string;
}
