import { useTranslation } from 'react-i18next';
import { VALIDATION_ZH } from '~/locales/validation-zh';

/** Translates a validation or service message (written in English) into the page's language. */
export function useErrorText(): (message: string | undefined | null) => string | undefined {
  const { i18n } = useTranslation();
  return (message) => {
    if (!message) return undefined;
    if (i18n.language === 'zh') return VALIDATION_ZH[message] ?? message;
    return message;
  };
}
