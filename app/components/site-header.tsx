import { Link } from 'react-router';
import { useRootData } from '~/lib/root-data';
import { LogoMark } from './icons';
import { PreferencesMenu } from './preferences-menu';
import { UserMenu } from './user-menu';
import { PRODUCT_NAME } from '#server/product.shared';

/** The shared top bar; `children` fills the middle (the dashboard puts its search there). */
export function SiteHeader({ children }: { children?: React.ReactNode }) {
  const data = useRootData();
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand">
          {data?.logos ? (
            <>
              <img className="brand-logo brand-logo-light" src={data.logos.light} alt="" />
              <img className="brand-logo brand-logo-dark" src={data.logos.dark} alt="" />
            </>
          ) : (
            <LogoMark />
          )}
          <span className="brand-name">{data?.siteName ?? PRODUCT_NAME}</span>
        </Link>
        <div className="header-slot">{children}</div>
        <div className="header-actions">
          <PreferencesMenu />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
