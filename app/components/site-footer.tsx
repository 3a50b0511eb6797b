import { useTranslation } from 'react-i18next';
import { useRootData } from '~/lib/root-data';
import { PRODUCT_NAME } from '#server/product.shared';

export function SiteFooter() {
  const { t } = useTranslation();
  const data = useRootData();
  return (
    <footer className="site-footer">
      <div className="container">
        <span>
          {data?.siteName ?? PRODUCT_NAME} · {t('app.footer')}
        </span>
      </div>
    </footer>
  );
}
