import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { UserDto } from '#server/users/user.dto';
import { Avatar } from '~/components/avatar';
import type { Pager } from '~/components/dashboard/board-pager';
import { KeyIcon, TrashIcon } from '~/components/icons';
import { formatDate } from '~/lib/format';
import { avatarUrlOf } from '~/lib/user-view';
import { PostForm } from '~/components/ui/post-form';
import { Panel } from '~/components/ui/panel';

/** The administrator's list of users: found by name, a page at a time, with each row's actions (plain forms). */
export function UsersPanel({
  users,
  me,
  setupAdminId,
  q,
  pager,
}: {
  users: UserDto[];
  me: string;
  setupAdminId: string;
  q: string;
  pager: Pager;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      headingId="users-heading"
      title={t('admin.users.title')}
      actions={<span className="badge">{t('admin.users.count', { count: pager.total })}</span>}
    >
      <Form method="get" className="row users-find" role="search">
        <label htmlFor="users-q" className="visually-hidden">
          {t('admin.users.find')}
        </label>
        <input
          id="users-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t('admin.users.findPlaceholder')}
        />
        <button type="submit" className="button">
          {t('admin.users.findSubmit')}
        </button>
      </Form>
      {q && users.length === 0 ? <p className="muted">{t('admin.users.noMatch', { q })}</p> : null}
      <div className="table-wrap">
        <table className="data users-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.users.user')}</th>
              <th scope="col">{t('admin.users.role')}</th>
              <th scope="col">{t('admin.users.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.users.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => {
              const name = u.nickname || u.username;
              const fixed = u.id === setupAdminId;
              return (
                <tr key={u.id}>
                  <td>
                    <div className="user-cell">
                      <Avatar name={name} url={avatarUrlOf(u)} color={u.avatarColor} size={34} />
                      <div>
                        <p className="user-cell-name">
                          {name}
                          {u.id === me ? <span className="badge">{t('admin.users.you')}</span> : null}
                        </p>
                        <p className="user-cell-sub">@{u.username}</p>
                      </div>
                    </div>
                  </td>
                  <td>
                    {fixed ? (
                      <span className="badge badge-accent">{t('admin.users.setupAdmin')}</span>
                    ) : (
                      <PostForm className="role-form" intent="role" values={{ id: u.id }}>
                        <label htmlFor={`role-${u.id}`} className="visually-hidden">
                          {t('admin.users.roleOf', { name: u.username })}
                        </label>
                        <select id={`role-${u.id}`} name="role" defaultValue={u.role}>
                          <option value="user">{t('profile.roleUser')}</option>
                          <option value="admin">{t('profile.roleAdmin')}</option>
                        </select>
                        <button
                          type="submit"
                          className="button button-small"
                          aria-label={t('admin.users.saveRoleOf', { name: u.username })}
                        >
                          {t('admin.users.save')}
                        </button>
                      </PostForm>
                    )}
                  </td>
                  <td className="nowrap">{formatDate(u.createdAt)}</td>
                  <td className="actions-cell">
                    {fixed || u.id === me || u.role === 'admin' ? null : (
                      <Link
                        to={`/admin/users?temp-password=${encodeURIComponent(u.id)}#confirm`}
                        className="button button-small button-ghost"
                        aria-label={t('admin.users.tempPasswordNamed', { name: u.username })}
                      >
                        <KeyIcon size={16} />
                        <span>{t('admin.users.tempPassword')}</span>
                      </Link>
                    )}
                    {fixed || u.id === me ? null : (
                      <Link
                        to={`/admin/users?delete=${encodeURIComponent(u.id)}#confirm`}
                        className="button button-small button-ghost danger-text"
                        aria-label={t('admin.users.deleteNamed', { name: u.username })}
                      >
                        <TrashIcon size={16} />
                        <span>{t('admin.users.delete')}</span>
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pager.prevHref || pager.nextHref ? (
        <nav className="row users-pager" aria-label={t('dashboard.pages')}>
          {pager.prevHref ? (
            <Link to={pager.prevHref} className="button button-small" rel="prev">
              ← {t('dashboard.prevPage')}
            </Link>
          ) : null}
          <span className="muted">
            {t('admin.users.range', { from: pager.from, to: pager.to, total: pager.total })}
          </span>
          {pager.nextHref ? (
            <Link to={pager.nextHref} className="button button-small" rel="next">
              {t('dashboard.nextPage')} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Panel>
  );
}
