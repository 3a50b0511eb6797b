import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Tabs between the settings pages (the site one for administrators only). */
export function SettingsNav({ isAdmin, current }: { isAdmin: boolean; current: 'appearance' | 'site' }) {
  const { t } = useTranslation();
  if (!isAdmin) return null;
  return (
    <nav className="settings-tabs" aria-label={t('settings.nav.appearance')}>
      {(['appearance', 'site'] as const).map((p) => (
        <Link key={p} to={`/settings/${p}`} aria-current={p === current ? 'page' : undefined}>
          {t(`settings.nav.${p}`)}
        </Link>
      ))}
    </nav>
  );
}
