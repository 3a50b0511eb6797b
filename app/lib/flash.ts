/** A one-time message shown on the next page (e.g. "Card deleted — Undo"). Text is an i18n key. */
export interface Flash {
  kind: 'success' | 'error' | 'info';
  key: string;
  values?: Record<string, string | number>;
  /** An undo token for the last deletion. */
  undo?: string;
  /** The automatic snapshot taken before the last import: its Undo restores it. */
  restore?: string;
  /** A link to what the action made (a path of this site) and the i18n key of its text. */
  link?: { href: string; key: string };
}

/** How long a message stays before it leaves, unless the server says otherwise (TOAST_MS, see `toastMs`). */
export const TOAST_MS = 8000;
/**
 * In the browser: how long a message stays, as the server set it on the page (`<html data-toast-ms>`, from the
 * TOAST_MS setting); read by React's toast and the script of pages rendered without React alike.
 */
export function toastMs(): number {
  return Number(document.documentElement.dataset.toastMs) || TOAST_MS;
}
/** How long its leaving takes (the `toast-leaving` transition). */
export const TOAST_LEAVE_MS = 600;
