import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { switchTheme, themeOfSubmit } from '~/client/theme-switch';
import { LOCALES, LOCALE_LABELS } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { GlobeIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';
import { PostForm } from '~/components/ui/post-form';

/**
 * Theme and language switches: plain form posts, so they work without JavaScript. With JavaScript a theme switch
 * applies at once and is stored without loading the page again (`switchTheme`); the enhancement script does the
 * same on pages without React.
 */
export function PreferencesMenu() {
  const { t } = useTranslation();
  const data = useRootData();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  // The theme picked on this page: the root's data says what was rendered, until it is loaded again.
  const [picked, setPicked] = useState<{ from: string; theme: string } | null>(null);
  const rendered = data?.theme ?? 'system';
  const theme = picked && picked.from === rendered ? picked.theme : rendered;
  const locale = data?.locale ?? 'en';
  const onThemeSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const next = themeOfSubmit(event.nativeEvent as SubmitEvent);
    if (!next) return;
    event.preventDefault();
    const form = event.currentTarget;
    setPicked({ from: rendered, theme: next });
    void switchTheme(form, next).then((ok) => {
      // The post did not go through: the form's own submit (a page load) stores the choice instead.
      if (!ok) form.submit();
    });
  };
  const themes = [
    { value: 'light', label: t('prefs.themeLight'), Icon: SunIcon },
    { value: 'dark', label: t('prefs.themeDark'), Icon: MoonIcon },
    { value: 'system', label: t('prefs.themeSystem'), Icon: MonitorIcon },
  ] as const;
  return (
    <details className="menu prefs-menu">
      <summary className="icon-button" aria-label={`${t('prefs.theme')} / ${t('prefs.language')}`}>
        {/* Which one shows follows the page's theme attribute (app.css), so a switch without a reload updates it. */}
        <SunIcon className="prefs-icon prefs-icon-light" />
        <MoonIcon className="prefs-icon prefs-icon-dark" />
        <MonitorIcon className="prefs-icon prefs-icon-system" />
        <GlobeIcon size={16} className="prefs-globe" />
      </summary>
      <div className="menu-panel" role="group" aria-label={`${t('prefs.theme')} / ${t('prefs.language')}`}>
        <PostForm
          action="/preferences"
          className="menu-section"
          preventScrollReset
          values={{ returnTo }}
          onSubmit={onThemeSubmit}
          data-theme-form
        >
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
