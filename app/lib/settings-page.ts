// What the settings pages' route modules (/settings/appearance, /settings/site) declare alike.
import accountsCss from '~/styles/accounts.css?url';
import settingsCss from '~/styles/settings.css?url';
import { pageTitle } from './page-title';

/** Their style sheets. */
export const settingsLinks = () => [
  { rel: 'stylesheet', href: accountsCss },
  { rel: 'stylesheet', href: settingsCss },
];

/** Their document title, from the page's own title key. */
export const settingsMeta =
  (titleKey: string) =>
  ({ matches }: { matches: Parameters<typeof pageTitle>[0] }) => [{ title: pageTitle(matches, titleKey) }];
