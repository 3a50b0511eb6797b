import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOCALES, LOCALE_LABELS } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { GlobeIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';
import { PostForm } from '~/components/ui/post-form';

/** Theme and language switches: plain form posts, so they work without JavaScript. */
export function PreferencesMenu() {
  const { t } = useTranslation();
  const data = useRootData();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const theme = data?.theme ?? 'system';
  const locale = data?.locale ?? 'en';
  const ThemeIcon = theme === 'dark' ? MoonIcon : theme === 'light' ? SunIcon : MonitorIcon;
  const themes = [
    { value: 'light', label: t('prefs.themeLight'), Icon: SunIcon },
    { value: 'dark', label: t('prefs.themeDark'), Icon: MoonIcon },
    { value: 'system', label: t('prefs.themeSystem'), Icon: MonitorIcon },
  ] as const;
  return (
    <details className="menu prefs-menu">
      <summary className="icon-button" aria-label={`${t('prefs.theme')} / ${t('prefs.language')}`}>
        <ThemeIcon />
        <GlobeIcon size={16} className="prefs-globe" />
      </summary>
      <div className="menu-panel" role="group" aria-label={`${t('prefs.theme')} / ${t('prefs.language')}`}>
        <PostForm action="/preferences" className="menu-section" preventScrollReset values={{ returnTo }}>
          <p className="menu-heading" id="prefs-theme-heading">
            {t('prefs.theme')}
          </p>
          <div className="segmented" role="group" aria-labelledby="prefs-theme-heading">
            {themes.map(({ value, label, Icon }) => (
              <button key={value} type="submit" name="theme" value={value} aria-pressed={theme === value}>
                <Icon size={16} />
                <span>{label}</span>
              </button>
            ))}
          </div>
        </PostForm>
        <PostForm action="/preferences" className="menu-section" preventScrollReset values={{ returnTo }}>
          <p className="menu-heading" id="prefs-lang-heading">
            {t('prefs.language')}
          </p>
          <div className="segmented" role="group" aria-labelledby="prefs-lang-heading">
            {LOCALES.map((l) => (
              <button
                key={l}
                type="submit"
                name="lang"
                value={l}
                aria-pressed={locale === l}
                lang={l === 'zh' ? 'zh-CN' : 'en'}
              >
                <span>{LOCALE_LABELS[l]}</span>
              </button>
            ))}
          </div>
        </PostForm>
      </div>
    </details>
  );
}
