import { shownCardName } from '#server/cards/card-kinds.shared';
import { getI18n, isLocale } from './i18n';
import { PRODUCT_NAME } from '#server/product.shared';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "<title> · <site name>" in the page's language (from the root route's data); `title` translates the key. */
export function pageTitle(
  matches: readonly (MatchLike | undefined)[],
  key: string | ((t: Translate) => string),
  values?: Record<string, string>,
): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { locale?: string; siteName?: string } | undefined;
  const locale = isLocale(root?.locale) ? root.locale : 'en';
  const t = getI18n(locale).t as Translate;
  return `${typeof key === 'string' ? t(key, values) : key(t)} · ${root?.siteName ?? PRODUCT_NAME}`;
}

/** What an editor page is about: its kind, and the card or tag it edits (none for a new one). */
export interface EditorSubject {
  kind: 'site' | 'social' | 'note' | 'tag';
  item: { name: string; cardType?: string | null } | null;
}

/**
 * An editor page's heading in the reader's language ("New site", "Edit tag …"), for the page and its title; a social
 * card's stored default name is shown in that language, as on its tile.
 */
export function editorHeading(t: Translate, { kind, item }: EditorSubject): string {
  if (!item) return t(`editor.${kind}.newTitle`);
  const typeLabel = (type: string) => t(`editor.socialTypes.${type}`, { defaultValue: type });
  return t(`editor.${kind}.editTitle`, { name: shownCardName({ cardType: null, ...item }, typeLabel) });
}

/** The meta title of an editor page, from its loader's `page`. */
export function editorTitle(matches: readonly (MatchLike | undefined)[], page: EditorSubject | undefined) {
  return page ? pageTitle(matches, (t) => editorHeading(t, page)) : PRODUCT_NAME;
}
