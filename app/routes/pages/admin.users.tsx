import { useTranslation } from 'react-i18next';
import { data, redirect, useActionData, useLoaderData } from 'react-router';
import { ADMIN_ID } from '#server/actor';
import { isAppError, type ErrorCode } from '#server/errors';
import { getRegistration, setRegistration } from '#server/settings/settings.service';
import { deleteUser, listUsers, setTemporaryPassword, setUserRole } from '#server/users/admin-users.service';
import { RoleSchema } from '#server/users/user.schema';
import { UsersPanel } from '~/components/account/users-panel';
import { pagerFor, pageNumber } from '~/components/dashboard/board-pager';
import { redirectWithFlash } from '~/lib/flash.server';
import { pageTitle } from '~/lib/page-title';
import { isConfirmed, readForm } from '~/lib/forms.server';
import { requireAdmin } from '~/lib/guards.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/admin.users';
import { PostForm } from '~/components/ui/post-form';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { CopyButton } from '~/components/account/copy-button';
import { Panel } from '~/components/ui/panel';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'admin.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = pageNumber(url);
  const [{ items, total }, { registrationEnabled }] = await Promise.all([
    listUsers(actor, { q, offset: (page - 1) * USERS_PAGE, limit: USERS_PAGE }),
    getRegistration(),
  ]);
  // The confirm step of a deletion or a temporary password (`?delete=<id>`, `?temp-password=<id>`).
  const step = CONFIRM_STEPS.find((s) => url.searchParams.has(s));
  const confirmId = step ? url.searchParams.get(step) : null;
  const everyone = confirmId ? (await listUsers(actor)).items : [];
  const user = everyone.find((u) => u.id === confirmId && u.id !== ADMIN_ID && u.id !== actor.userId);
  const confirm = step && user ? { step, user: { id: user.id, username: user.username } } : null;
  // The setup admin's row can be neither demoted nor deleted; the page is told which row that is.
  return {
    users: items,
    q,
    pager: pagerFor(url, page, USERS_PAGE, items.length, total),
    registrationEnabled,
    confirm,
    me: actor.userId,
    setupAdminId: ADMIN_ID,
  };
}

const USERS_PAGE = 20;
const CONFIRM_STEPS = ['delete', 'temp-password'] as const;

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
  // Neither can be undone: a post without `confirm` leads to the confirm step.
  if ((intent === 'delete' || intent === 'temp-password') && !isConfirmed(form))
    return redirect(`/admin/users?${intent}=${encodeURIComponent(id)}#confirm`);
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
    } else if (intent === 'temp-password') {
      // Shown once, in this answer only (never in a cookie or a URL).
      return { temp: await setTemporaryPassword(actor, id) };
    } else if (intent === 'delete') {
      await deleteUser(actor, id);
      key = 'admin.flash.deleted';
    } else {
      throw data({ code: 'bad_request' }, { status: 400 });
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    return redirectWithFlash(request, '/admin/users', {
      kind: 'error',
      key: FAILURES[err.code] ?? 'errors.generic',
    });
  }
  return redirectWithFlash(request, '/admin/users', { kind: 'success', key });
}

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const { users, q, pager, registrationEnabled, confirm, me, setupAdminId } = useLoaderData<typeof loader>();
  const temp = useActionData<typeof action>()?.temp;
  return (
    <main id="main" className="container page admin-page">
      <h1>{t('admin.title')}</h1>
      <p className="muted">{t('admin.intro')}</p>

      {confirm ? (
        <ConfirmStep
          title={t(`admin.confirm.${confirm.step}.title`, { name: confirm.user.username })}
          action="/admin/users"
          intent={confirm.step}
          values={{ id: confirm.user.id }}
          submitLabel={t(`admin.confirm.${confirm.step}.submit`, { name: confirm.user.username })}
          cancelHref="/admin/users"
          cancelLabel={t('admin.confirm.cancel')}
        >
          <p>{t(`admin.confirm.${confirm.step}.body`)}</p>
        </ConfirmStep>
      ) : null}

      <Panel
        headingId="registration-heading"
        title={t('admin.registration.title')}
        actions={
          <>
            <span className={`badge${registrationEnabled ? ' badge-accent' : ''}`}>
              {registrationEnabled ? t('admin.registration.open') : t('admin.registration.closed')}
            </span>
          </>
        }
      >
        <div className="row registration-row">
          <p className="muted grow">
            {registrationEnabled ? t('admin.registration.openHelp') : t('admin.registration.closedHelp')}
          </p>
          <PostForm intent="registration" values={{ enabled: registrationEnabled ? 'false' : 'true' }}>
            <button type="submit" className={`button${registrationEnabled ? '' : ' button-primary'}`}>
              {registrationEnabled ? t('admin.registration.close') : t('admin.registration.openAction')}
            </button>
          </PostForm>
        </div>
      </Panel>

      {temp ? (
        <section className="panel" role="status" aria-labelledby="temp-heading">
          <h2 id="temp-heading">{t('admin.users.tempTitle', { name: temp.username })}</h2>
          <div className="token-reveal-row">
            <label htmlFor="temp-password" className="visually-hidden">
              {t('admin.users.tempLabel', { name: temp.username })}
            </label>
            <input
              id="temp-password"
              className="mono token-secret temp-password"
              type="text"
              readOnly
              value={temp.password}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={temp.password} label={t('admin.users.copyPassword')} />
          </div>
          <p className="muted">{t('admin.users.tempHelp')}</p>
        </section>
      ) : null}

      <UsersPanel users={users} me={me} setupAdminId={setupAdminId} q={q} pager={pager} />
    </main>
  );
}
