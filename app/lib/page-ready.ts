/**
 * `<html data-ready>`: the page's script has taken over (React hydrated it, or app/client/enhance.ts set up a page
 * rendered without React), so a click is handled by the script rather than by the browser's plain link or form.
 * Whatever drives the page from outside (the browser tests' `waitForHydration`) waits for it instead of guessing
 * from network quiet.
 */
export function markPageReady() {
  document.documentElement.dataset.ready = '';
}
