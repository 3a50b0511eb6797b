import { getI18n, isLocale } from './i18n';
import { PRODUCT_NAME } from '#server/product.shared';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** "<translated title> · <site name>" in the page's language, from the root route's data. */
export function pageTitle(matches: readonly (MatchLike | undefined)[], key: string): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { locale?: string; siteName?: string } | undefined;
  const locale = isLocale(root?.locale) ? root.locale : 'en';
  return `${getI18n(locale).t(key)} · ${root?.siteName ?? PRODUCT_NAME}`;
}
