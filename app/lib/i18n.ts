import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '~/locales/en';
import zh from '~/locales/zh';

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_LABELS: Record<Locale, string> = { en: 'English', zh: '简体中文' };
/** BCP 47 tags for <html lang>. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en', zh: 'zh-CN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const instances = new Map<Locale, i18n>();

/** One initialised i18next instance per language (resources are bundled, so init is synchronous). */
export function getI18n(locale: Locale): i18n {
  let inst = instances.get(locale);
  if (!inst) {
    inst = i18next.createInstance();
    void inst.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      resources: { en: { translation: en }, zh: { translation: zh } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, inst);
  }
  return inst;
}

/** Social card types' labels in a language (server/cards/card-kinds.shared.ts `shownCardName`). */
export function socialTypeLabels(locale: Locale): (type: string) => string {
  const t = getI18n(locale).t;
  return (type) => t(`editor.socialTypes.${type}`, { defaultValue: type });
}
