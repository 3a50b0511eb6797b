import { serialize } from 'cookie';
import { redirect } from 'react-router';
import { isSecureRequest } from '#server/auth/request';
import { isLocale } from '~/lib/i18n';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { LANG_COOKIE, THEME_COOKIE, isTheme, safeReturnTo } from '~/lib/preferences';
import type { Route } from './+types/preferences';

const YEAR = 365 * 24 * 3600;

export function loader() {
  return redirect('/');
}

/**
 * Stores the theme and/or language choice in cookies; works as a plain form post without JavaScript, and answers
 * JSON to the theme switch of app/client/theme-switch.ts.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const cookies: string[] = [];
  const opts = { path: '/', sameSite: 'lax' as const, maxAge: YEAR, secure: isSecureRequest(request) };
  const theme = form.get('theme');
  if (isTheme(theme)) cookies.push(serialize(THEME_COOKIE, theme, opts));
  const lang = form.get('lang');
  if (isLocale(lang)) cookies.push(serialize(LANG_COOKIE, lang, opts));
  // The page's own script asks for JSON (a theme switch without a reload); a form post goes back to the page.
  if (request.headers.get('accept')?.includes('application/json')) {
    return Response.json({ ok: true }, { headers: headersWithCookies(cookies) });
  }
  return redirect(safeReturnTo(form.get('returnTo')), { headers: headersWithCookies(cookies) });
}
