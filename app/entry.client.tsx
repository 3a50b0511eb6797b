import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { getI18n, isLocale, DEFAULT_LOCALE } from './lib/i18n';

const lang = document.documentElement.dataset.locale;
const i18n = getI18n(isLocale(lang) ? lang : DEFAULT_LOCALE);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
