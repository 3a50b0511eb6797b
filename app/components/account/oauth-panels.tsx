import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GitHubMark } from '~/components/icons';
import { formatDate } from '~/lib/format';
import { PostForm } from '~/components/ui/post-form';
import { Panel } from '~/components/ui/panel';

export interface OAuthProviderView {
  key: string;
  label: string;
  color: string;
}

export interface OAuthBindingView {
  provider: string;
  displayName: string | null;
  boundAt: string;
}

/**
 * A provider's name in the reader's language. The label the service answers is the provider's own name in its
 * home language (微信, 钉钉...) unless an administrator named the OpenID Connect button, which is shown as typed.
 */
export function providerName(t: TFunction, p: { key: string; label: string }): string {
  const custom = p.key === 'oidc' && p.label !== '' && p.label !== 'OpenID Connect';
  return custom ? p.label : t(`oauth.providers.${p.key}`, { defaultValue: p.label || p.key });
}

/** Reasons a provider sign-in may fail (see server/oauth/oauth.http.ts). */
const REASONS = new Set([
  'unavailable',
  'state',
  'denied',
  'provider',
  'conflict',
  'taken',
  'session',
  'holder',
]);

/** The message key for `?oauth=error&reason=...`. */
export function oauthErrorKey(reason: string | null): string {
  return reason && REASONS.has(reason) ? `oauth.errors.${reason}` : 'oauth.errors.generic';
}

/** "Continue with ..." links on the sign-in page: plain links, so they work without JavaScript. */
export function OAuthButtons({ providers }: { providers: OAuthProviderView[] }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="oauth-buttons">
      <p className="oauth-or" aria-hidden="true">
        <span>{t('oauth.or')}</span>
      </p>
      <ul>
        {providers.map((p) => (
          <li key={p.key}>
            <a
              className="button button-block oauth-button"
              href={`/api/auth/oauth/${p.key}?mode=login`}
              style={{ '--provider-color': p.color } as React.CSSProperties}
              data-provider={p.key}
            >
              {p.key === 'github' ? (
                <span className="oauth-mark">
                  <GitHubMark size={18} />
                </span>
              ) : (
                <span className="oauth-dot" aria-hidden="true" />
              )}
              {t('oauth.continueWith', { provider: providerName(t, p) })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The profile's connected accounts: bind (a link that starts the flow) and unbind (a form). */
export function ConnectionsPanel({
  providers,
  bindings,
  notice,
}: {
  providers: OAuthProviderView[];
  bindings: OAuthBindingView[];
  notice: { kind: 'success' | 'danger' | 'info'; key: string } | null;
}) {
  const { t } = useTranslation();
  const bound = new Map(bindings.map((b) => [b.provider, b]));
  // Bound providers the admin disabled since still show, so they can be unbound.
  const keys = [...new Set([...providers.map((p) => p.key), ...bindings.map((b) => b.provider)])];
  const labelOf = (key: string) =>
    providerName(t, providers.find((p) => p.key === key) ?? { key, label: '' });
  return (
    <Panel id="connections" title={t('oauth.profile.title')}>
      <p className="muted">{t('oauth.profile.intro')}</p>
      {notice ? (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
          {t(notice.key)}
        </p>
      ) : null}
      {keys.length === 0 ? (
        <p className="empty-state">{t('oauth.profile.none')}</p>
      ) : (
        <ul className="list connections-list">
          {keys.map((key) => {
            const b = bound.get(key);
            return (
              <li key={key} className="connection-row" data-provider={key}>
                <div className="grow">
                  <strong>{labelOf(key)}</strong>
                  {b ? (
                    <p className="muted small">
                      {t('oauth.profile.bound', { name: b.displayName ?? '—', date: formatDate(b.boundAt) })}
                    </p>
                  ) : null}
                </div>
                {b ? (
                  <PostForm action="/profile#connections" intent="oauth-unbind" values={{ provider: key }}>
                    <button
                      type="submit"
                      className="button button-small"
                      aria-label={t('oauth.profile.unbindNamed', { provider: labelOf(key) })}
                    >
                      {t('oauth.profile.unbind')}
                    </button>
                  </PostForm>
                ) : (
                  <a className="button button-small button-primary" href={`/api/auth/oauth/${key}`}>
                    {t('oauth.profile.bind')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
