import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { otherAccounts, listSessions } from '#server/auth/session.service';
import { listBindings } from '#server/oauth/oauth-accounts.service';
import { listEnabledProviders } from '#server/oauth/oauth.flow';
import { MAX_TOKENS_PER_USER, listTokens } from '#server/tokens/token.service';
import { listAppGrants } from '#server/mcp-oauth/grant.service';
import { getAccount } from '#server/users/user.service';
import { AccountsPanel, SessionsPanel } from '~/components/account/sessions-panel';
import { DangerPanel, PasswordPanel, ProfilePanel, UsernamePanel } from '~/components/account/profile-forms';
import { McpPanel } from '~/components/account/mcp-panel';
import { BookmarkletPanel } from '~/components/account/bookmarklet-panel';
import { getSettings } from '#server/settings/settings.service';
import { TokensPanel } from '~/components/account/tokens-panel';
import { ConnectionsPanel, oauthErrorKey } from '~/components/account/oauth-panels';
import { Avatar } from '~/components/avatar';
import { formatDate } from '~/lib/format';
import { pageTitle } from '~/lib/page-title';
import { publicOrigin } from '~/lib/public-origin.server';
import { requireUser } from '~/lib/guards.server';
import { profileAction } from './profile.server';
import { requestInfo } from '~/lib/request-context.server';
import { otherAccountSessions } from '~/lib/session.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/profile';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'profile.nav.profile') },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  const account = await getAccount(actor);
  const browser = await otherAccountSessions(request);
  const [tokens, apps, sessions, accounts, { providers }, { bindings }, { siteName }] = await Promise.all([
    listTokens(actor),
    listAppGrants(actor),
    listSessions(actor),
    otherAccounts(
      actor,
      browser.map((b) => b.session),
    ),
    listEnabledProviders(),
    listBindings(actor),
    getSettings(),
  ]);
  // An administrator who opened this account may use it but not change its credentials (requireAccountHolder):
  // the page leaves those forms out instead of offering what would be refused.
  const impersonated = Boolean(actor.impersonatedBy);
  return {
    account,
    tokens,
    apps,
    sessions,
    accounts,
    maxTokens: MAX_TOKENS_PER_USER,
    impersonated,
    providers,
    bindings,
    oauthNotice: oauthNotice(new URL(request.url)),
    // The confirm step of a token's deletion (`?delete-token=<id>`).
    deleteToken:
      tokens.find((tok) => tok.id === new URL(request.url).searchParams.get('delete-token')) ?? null,
    // The confirm step of revoking an app connection (`?revoke-app=<id>`).
    revokeApp: apps.find((app) => app.id === new URL(request.url).searchParams.get('revoke-app')) ?? null,
    origin: publicOrigin(request),
    siteName,
  };
}

/** The result of a provider flow that came back here (`?oauth=bound|conflict|error|welcome`). */
function oauthNotice(url: URL): { kind: 'success' | 'danger' | 'info'; key: string } | null {
  switch (url.searchParams.get('oauth')) {
    case 'bound':
      return { kind: 'success', key: 'oauth.profile.boundNotice' };
    case 'welcome':
      return { kind: 'info', key: 'oauth.profile.welcome' };
    case 'conflict':
      return { kind: 'danger', key: 'oauth.profile.conflictNotice' };
    case 'error':
      return { kind: 'danger', key: oauthErrorKey(url.searchParams.get('reason')) };
    default:
      return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = requestInfo(context);
  return profileAction({ request, actor: requireUser(request, context), locale });
}

const SECTIONS = [
  'profile',
  'password',
  'username',
  'connections',
  'tokens',
  'mcp',
  'bookmarklet',
  'sessions',
  'accounts',
  'danger',
] as const;
/** The sections that change credentials, left out of a session an administrator opened. */
const HOLDER_ONLY = new Set<string>(['password', 'username', 'connections', 'tokens', 'mcp', 'danger']);

export default function ProfilePage() {
  const { t } = useTranslation();
  const {
    account,
    tokens,
    apps,
    sessions,
    accounts,
    maxTokens,
    impersonated,
    providers,
    bindings,
    oauthNotice,
    origin,
    siteName,
    deleteToken,
    revokeApp,
  } = useLoaderData<typeof loader>();
  const display = account.nickname || account.username;
  const sections = impersonated ? SECTIONS.filter((s) => !HOLDER_ONLY.has(s)) : SECTIONS;
  return (
    <main id="main" className="container page profile-page">
      <header className="profile-hero">
        <Avatar name={display} url={account.avatarUrl} color={account.avatarColor} size={64} />
        <div>
          <h1>{display}</h1>
          <p className="muted profile-sub">
            <span>@{account.username}</span>
            <span className={`badge${account.role === 'admin' ? ' badge-accent' : ''}`}>
              {account.role === 'admin' ? t('profile.roleAdmin') : t('profile.roleUser')}
            </span>
            <span>{t('profile.memberSince', { date: formatDate(account.createdAt) })}</span>
          </p>
        </div>
      </header>
      {account.mustChangePassword ? (
        <p className="notice" role="alert">
          {t('profile.mustChangePassword')}
        </p>
      ) : null}
      <div className="profile-layout">
        <nav className="profile-nav" aria-label={t('profile.sectionsLabel')}>
          <ul>
            {sections.map((s) => (
              <li key={s}>
                <a href={`#${s}`}>{t(`profile.nav.${s}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="profile-sections">
          {impersonated ? (
            <p className="notice" role="note" id="impersonated-note">
              {t('profile.impersonatedNote')}
            </p>
          ) : null}
          <ProfilePanel account={account} />
          {impersonated ? null : (
            <>
              <PasswordPanel account={account} />
              <UsernamePanel account={account} />
              <ConnectionsPanel providers={providers} bindings={bindings} notice={oauthNotice} />
              <TokensPanel
                tokens={tokens}
                apps={apps}
                max={maxTokens}
                confirmDelete={deleteToken}
                confirmRevoke={revokeApp}
              />
              <McpPanel origin={origin} />
            </>
          )}
          <BookmarkletPanel origin={origin} siteName={siteName} />
          <SessionsPanel sessions={sessions} />
          <AccountsPanel accounts={accounts} />
          {impersonated ? null : <DangerPanel account={account} />}
        </div>
      </div>
    </main>
  );
}
