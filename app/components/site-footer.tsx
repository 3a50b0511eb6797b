import { useTranslation } from 'react-i18next';
import { useRootData } from '~/lib/root-data';

export function SiteFooter() {
  const { t } = useTranslation();
  const data = useRootData();
  return (
    <footer className="site-footer">
      <div className="container">
        <span>
          {data?.siteName ?? 'SakuraNav'} · {t('app.footer')}
        </span>
      </div>
    </footer>
  );
}
