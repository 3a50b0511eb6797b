import Negotiator from 'negotiator';
import { readCookies } from '#server/auth/request';
import { DEFAULT_LOCALE, isLocale, type Locale } from './i18n';
import { LANG_COOKIE } from './preferences';

/**
 * The one rule for the language a request asks for: the saved choice (the preferences menu's `lang` cookie), else
 * the first English or Chinese language of Accept-Language (regional tags such as zh-CN or en-GB count), else
 * `fallback`. Pages fall back to English; what the JSON API and MCP store falls back to COMPAT_LANGUAGE.
 */
export function requestLocale(request: Request, fallback: Locale = DEFAULT_LOCALE): Locale {
  const chosen = readCookies(request)[LANG_COOKIE];
  if (isLocale(chosen)) return chosen;
  const header = request.headers.get('accept-language');
  if (!header) return fallback;
  for (const tag of new Negotiator({ headers: { 'accept-language': header } }).languages()) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return fallback;
}
