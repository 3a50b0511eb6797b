// Switching theme with JavaScript: the page takes the theme at once and the choice is stored by the same form post
// that works without JavaScript, asked for a JSON answer instead of the redirect that would load the page again.
// Shared by React pages (the preferences menu) and pages without React (the enhancement script).
import { isTheme, type Theme } from '~/lib/preferences';

/** Shows the page in `theme` ('system' follows the device): the attribute and colour scheme the server renders. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  document
    .querySelector('meta[name="color-scheme"]')
    ?.setAttribute('content', theme === 'system' ? 'light dark' : theme);
}

/**
 * The theme a submit of the preferences form asks for, or null when it is not a theme switch (a language switch
 * reloads the page: every text changes).
 */
export function themeOfSubmit(event: SubmitEvent): Theme | null {
  const button = event.submitter;
  if (!(button instanceof HTMLButtonElement) || button.name !== 'theme') return null;
  return isTheme(button.value) ? button.value : null;
}

/** Applies the theme and stores it with the form's own post; false when the post failed (the caller falls back). */
export async function switchTheme(form: HTMLFormElement, theme: Theme): Promise<boolean> {
  applyTheme(theme);
  // A menu closes once something is picked, as it did when the post loaded the page again.
  form.closest('details')?.removeAttribute('open');
  const body = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') body.append(k, v);
  body.set('theme', theme);
  try {
    const res = await fetch(form.action, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    return res.ok;
  } catch {
    return false;
  }
}
