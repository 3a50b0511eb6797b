import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRootData } from '~/lib/root-data';
import { Avatar } from './avatar';
import { PostForm } from '~/components/ui/post-form';

export function UserMenu() {
  const { t } = useTranslation();
  const data = useRootData();
  const location = useLocation();
  const user = data?.user;
  if (!data?.initialized) return null;
  if (!user) {
    // The sign-in page is where the button leads: it does not offer itself.
    if (location.pathname === '/login') return null;
    const here = location.pathname + location.search;
    const to = `/login?redirectTo=${encodeURIComponent(here)}`;
    return (
      <Link className="button button-primary button-small" to={to}>
        {t('nav.login')}
      </Link>
    );
  }
  const display = user.nickname || user.username;
  return (
    <details className="menu user-menu">
      <summary className="user-chip" aria-label={`${display} — ${t('nav.mainMenu')}`}>
        <Avatar name={display} url={user.avatarUrl} color={user.avatarColor} size={30} />
        <span className="user-chip-name">{display}</span>
      </summary>
      <div className="menu-panel menu-panel-right">
        <p className="menu-identity">
          <strong>{display}</strong>
          <span>@{user.username}</span>
        </p>
        <nav aria-label={t('nav.mainMenu')} className="menu-links">
          <Link to="/profile">{t('nav.profile')}</Link>
          <Link to="/bookmarks">{t('nav.bookmarks')}</Link>
          <Link to="/settings/history">{t('nav.history')}</Link>
          <Link to="/settings/data">{t('nav.data')}</Link>
          <Link to="/settings/appearance">{t('settings.nav.appearance')}</Link>
          {user.role === 'admin' ? <Link to="/settings/site">{t('settings.nav.site')}</Link> : null}
          {user.role === 'admin' ? <Link to="/admin/users">{t('nav.admin')}</Link> : null}
          {user.role === 'admin' ? <Link to="/admin/oauth">{t('nav.oauth')}</Link> : null}
          {user.role === 'admin' ? <Link to="/admin/config">{t('nav.config')}</Link> : null}
          {user.role === 'admin' ? <Link to="/admin/backups">{t('nav.backups')}</Link> : null}
        </nav>
        {data.switchable.length ? (
          <div className="menu-section menu-switch">
            <p className="menu-heading" id="menu-switch-heading">
              {t('nav.switchAccount')}
            </p>
            <ul className="menu-accounts" aria-labelledby="menu-switch-heading">
              {data.switchable.map((a) => {
                const name = a.nickname || a.username;
                return (
                  <li key={a.userId}>
                    {/* The profile's own switch (a plain post, so it works without JavaScript). */}
                    <PostForm action="/profile" intent="switch" values={{ userId: a.userId }}>
                      <button
                        type="submit"
                        className="menu-account"
                        aria-label={t('profile.accounts.switchTo', { name })}
                      >
                        <Avatar name={name} url={a.avatarUrl} color={a.avatarColor} size={24} />
                        <span className="menu-account-name">{name}</span>
                        <span className="muted">@{a.username}</span>
                      </button>
                    </PostForm>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
        <PostForm action="/logout" className="menu-section">
          <button type="submit" className="button button-ghost button-block">
            {t('nav.logout')}
          </button>
        </PostForm>
      </div>
    </details>
  );
}
