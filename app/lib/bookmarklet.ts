// The "Save from anywhere" bookmarklet: a link the user drags to the bookmarks bar. It only builds an address on
// this site, every value encoded, and goes there; the new-site page checks the values like any input
// (server/site-preview/site-prefill.ts). Titles and selections are cut short so the address stays well inside the
// sign-in page's return-address limit.

/** The path the bookmarklet and the share target open. */
export const SAVE_PATH = '/edit/sites/new';

/** The bookmarklet's `javascript:` address for this site's origin (no `%`: a javascript: URL is percent-decoded). */
export function bookmarkletHref(origin: string): string {
  const target = JSON.stringify(new URL(SAVE_PATH, new URL(origin).origin).href);
  return (
    'javascript:(()=>{const e=encodeURIComponent,' +
    "s=String(getSelection()||'').replace(/\\s+/g,' ').trim().slice(0,200);" +
    `location.href=${target}+'?url='+e(location.href)+'&name='+e(document.title.slice(0,80))` +
    "+(s?'&description='+e(s):'')})()"
  );
}

/** `href` as an HTML attribute value (the link is written as markup: React refuses javascript: addresses). */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
