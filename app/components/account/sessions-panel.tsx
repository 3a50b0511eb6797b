import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionInfo } from '#server/auth/session.store';
import type { AccountSummary } from '#server/users/user.dto';
import { formatDateTime } from '~/lib/format';
import { describeUserAgent } from '~/lib/user-agent';
import { Avatar } from '../avatar';
import { MonitorIcon } from '../icons';
import { Badge, Item } from '~/components/ui/item';
import { PostButton, PostForm } from '~/components/ui/post-form';
import { Panel } from '~/components/ui/panel';

/** Where the user is signed in, with sign-out per session and for all others. */
export function SessionsPanel({ sessions }: { sessions: SessionInfo[] }) {
  const { t } = useTranslation();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Panel
      id="sessions"
      title={t('profile.sessions.title')}
      actions={
        others > 0 ? (
          <PostForm action="/profile#sessions" intent="sessions-revoke-others">
            <button type="submit" className="button button-small">
              {t('profile.sessions.endOthers')}
            </button>
          </PostForm>
        ) : null
      }
    >
      <p className="muted">{t('profile.sessions.intro')}</p>
      <ul className="item-list" aria-label={t('profile.sessions.listLabel')}>
        {sessions.map((s) => {
          const device = describeUserAgent(s.userAgent) ?? t('profile.sessions.unknownDevice');
          return (
            <Item
              key={s.id}
              icon={
                <span className="item-icon" aria-hidden="true">
                  <MonitorIcon size={20} />
                </span>
              }
              title={
                <>
                  <span>{device}</span>
                  {s.current ? <Badge tone="accent">{t('profile.sessions.current')}</Badge> : null}
                  {s.persistent ? <Badge>{t('profile.sessions.remembered')}</Badge> : null}
                  {s.impersonated ? <Badge>{t('profile.sessions.impersonated')}</Badge> : null}
                </>
              }
              meta={
                <>
                  {s.ip ? <span>{t('profile.sessions.ip', { ip: s.ip })}</span> : null}
                  <span>{t('profile.sessions.lastSeen', { date: formatDateTime(s.lastSeenAt) })}</span>
                  <span>{t('profile.sessions.signedIn', { date: formatDateTime(s.createdAt) })}</span>
                </>
              }
              action={
                s.current ? null : (
                  <PostButton
                    action="/profile#sessions"
                    intent="session-revoke"
                    values={{ id: s.id }}
                    label={t('profile.sessions.endNamed', { device })}
                  >
                    {t('profile.sessions.end')}
                  </PostButton>
                )
              }
            />
          );
        })}
      </ul>
    </Panel>
  );
}

/** Other accounts signed in on this browser: switch without a password, or add one. */
export function AccountsPanel({ accounts }: { accounts: AccountSummary[] }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="accounts"
      title={t('profile.accounts.title')}
      actions={
        <Link to="/login" className="button button-small">
          {t('profile.accounts.add')}
        </Link>
      }
    >
      {accounts.length === 0 ? (
        <p className="empty-state">{t('profile.accounts.none')}</p>
      ) : (
        <ul className="item-list" aria-label={t('profile.accounts.listLabel')}>
          {accounts.map((a) => {
            const name = a.nickname || a.username;
            return (
              <Item
                key={a.userId}
                icon={<Avatar name={name} url={a.avatarUrl} color={a.avatarColor} size={36} />}
                title={<span>{name}</span>}
                meta={<span>@{a.username}</span>}
                action={
                  <PostButton
                    action="/profile#accounts"
                    intent="switch"
                    values={{ userId: a.userId }}
                    label={t('profile.accounts.switchTo', { name })}
                    tone=""
                  >
                    {t('profile.accounts.switch')}
                  </PostButton>
                }
              />
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
