import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { getSettings } from '#server/settings/settings.service';
import type { Route } from './+types/home';

export const handle = { hydrate: false };

export async function loader() {
  const settings = await getSettings();
  return { siteName: settings.siteName };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.siteName ?? 'SakuraNav' }];

export default function Home() {
  const { t } = useTranslation();
  const { siteName } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container">
      <h1>{siteName}</h1>
      <p className="muted">{t('app.tagline')}</p>
    </main>
  );
}
