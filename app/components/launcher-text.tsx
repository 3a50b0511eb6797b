import { useTranslation } from 'react-i18next';

const FIELDS = ['name', 'url', 'tag', 'description', 'note', 'memo'] as const;

/**
 * The quick launcher's words in the page's language, for app/client/launcher.ts (which builds the launcher itself,
 * on pages with and without React). Rendered on every page; nothing shows.
 */
export function LauncherText() {
  const { t } = useTranslation();
  const fields = Object.fromEntries(FIELDS.map((f) => [`data-field-${f}`, t(`launcher.fields.${f}`)]));
  return (
    <div
      id="launcher-text"
      hidden
      data-title={t('launcher.title')}
      data-placeholder={t('launcher.placeholder')}
      data-hint={t('launcher.hint')}
      data-empty={t('launcher.empty')}
      data-search-all={t('launcher.searchAll')}
      data-matched={t('launcher.matched', { fields: '{fields}' })}
      data-failed={t('launcher.failed')}
      data-separator={t('launcher.separator')}
      {...fields}
    />
  );
}
