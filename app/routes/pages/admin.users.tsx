import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirect, useLoaderData } from 'react-router';
import { ADMIN_ID } from '#server/actor';
import { isAppError, type ErrorCode } from '#server/errors';
import { getRegistration, setRegistration } from '#server/settings/settings.service';
import { deleteUser, listUsers, setUserRole } from '#server/users/admin-users.service';
import { RoleSchema } from '#server/users/user.schema';
import { Avatar } from '~/components/avatar';
import { CsrfInput } from '~/components/csrf-input';
import { TrashIcon } from '~/components/icons';
import { flashCookie } from '~/lib/flash.server';
import { formatDate } from '~/lib/format';
import { pageTitle } from '~/lib/page-title';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { requireAdmin } from '~/lib/guards.server';
import { avatarUrlOf } from '~/lib/user-view';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/admin.users';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'admin.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const [{ items }, { registrationEnabled }] = await Promise.all([listUsers(actor), getRegistration()]);
  const confirmId = new URL(request.url).searchParams.get('delete');
  const confirm = items.find((u) => u.id === confirmId && u.id !== ADMIN_ID && u.id !== actor.userId) ?? null;
  // The setup admin's row can be neither demoted nor deleted; the page is told which row that is.
  return { users: items, registrationEnabled, confirm, me: actor.userId, setupAdminId: ADMIN_ID };
}

// Service refusals shown as a toast on the list.
const FAILURES: Partial<Record<ErrorCode, string>> = {
  conflict: 'admin.flash.lastAdmin',
  forbidden: 'admin.flash.notAllowed',
  not_found: 'admin.flash.userGone',
  validation_failed: 'admin.flash.invalid',
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  let key: string;
  try {
    if (intent === 'registration') {
      const { registrationEnabled } = await setRegistration(actor, form.get('enabled') === 'true');
      key = registrationEnabled ? 'admin.flash.registrationOpened' : 'admin.flash.registrationClosed';
    } else if (intent === 'role') {
      const role = RoleSchema.safeParse(form.get('role'));
      if (!role.success) throw data({ code: 'bad_request' }, { status: 400 });
      await setUserRole(actor, { id, role: role.data });
      key = 'admin.flash.roleSaved';
    } else if (intent === 'delete') {
      await deleteUser(actor, id);
      key = 'admin.flash.deleted';
    } else {
      throw data({ code: 'bad_request' }, { status: 400 });
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    const flash = await flashCookie(request, { kind: 'error', key: FAILURES[err.code] ?? 'errors.generic' });
    return redirect('/admin/users', { headers: headersWithCookies([flash]) });
  }
  return redirect('/admin/users', {
    headers: headersWithCookies([await flashCookie(request, { kind: 'success', key })]),
  });
}

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const { users, registrationEnabled, confirm, me, setupAdminId } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container page admin-page">
      <h1>{t('admin.title')}</h1>
      <p className="muted">{t('admin.intro')}</p>

      {confirm ? (
        <section className="panel panel-danger confirm-panel" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading">{t('admin.confirm.title', { name: confirm.username })}</h2>
          <p>{t('admin.confirm.body')}</p>
          <div className="row">
            <Form method="post" action="/admin/users">
              <CsrfInput />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={confirm.id} />
              <button type="submit" className="button button-danger">
                {t('admin.confirm.submit', { name: confirm.username })}
              </button>
            </Form>
            <Link to="/admin/users" className="button">
              {t('admin.confirm.cancel')}
            </Link>
          </div>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="registration-heading">
        <div className="panel-header">
          <h2 id="registration-heading">{t('admin.registration.title')}</h2>
          <span className={`badge${registrationEnabled ? ' badge-accent' : ''}`}>
            {registrationEnabled ? t('admin.registration.open') : t('admin.registration.closed')}
          </span>
        </div>
        <div className="row registration-row">
          <p className="muted grow">
            {registrationEnabled ? t('admin.registration.openHelp') : t('admin.registration.closedHelp')}
          </p>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="registration" />
            <input type="hidden" name="enabled" value={registrationEnabled ? 'false' : 'true'} />
            <button type="submit" className={`button${registrationEnabled ? '' : ' button-primary'}`}>
              {registrationEnabled ? t('admin.registration.close') : t('admin.registration.openAction')}
            </button>
          </Form>
        </div>
      </section>

      <section className="panel" aria-labelledby="users-heading">
        <div className="panel-header">
          <h2 id="users-heading">{t('admin.users.title')}</h2>
          <span className="badge">{t('admin.users.count', { count: users.length })}</span>
        </div>
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
                        <Form method="post" className="role-form">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="role" />
                          <input type="hidden" name="id" value={u.id} />
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
                        </Form>
                      )}
                    </td>
                    <td className="nowrap">{formatDate(u.createdAt)}</td>
                    <td className="actions-cell">
                      {fixed || u.id === me ? null : (
                        <Link
                          to={`/admin/users?delete=${encodeURIComponent(u.id)}`}
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
      </section>
    </main>
  );
}
