import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData } from 'react-router';
import type { Actor } from '#server/actor';
import { CSRF_FIELD, csrfTokenMatches, sameOriginRequest } from '#server/auth/csrf';
import { AppError, isAppError } from '#server/errors';
import { importConfig, resetConfig } from '#server/portability/config-import';
import { migrateInstance, type MigrationResult } from '#server/portability/instance-migrate';
import { keepUpload, withKeptUpload } from '#server/portability/pending-import';
import { parseMode } from '#server/portability/user-data.service';
import { CONFIG_ZIP_LIMITS } from '#server/portability/zip-read';
import { listUsers } from '#server/users/admin-users.service';
import { CsrfInput } from '~/components/csrf-input';
import { Field } from '~/components/ui/field';
import { Panel } from '~/components/ui/panel';
import { PasswordConfirmRow, PostForm, SubmitRow } from '~/components/ui/post-form';
import { redirectWithFlash } from '~/lib/flash.server';
import { isConfirmed, isMultipart, pageErrorMessage, readForm, refusalCode } from '~/lib/forms.server';
import { requireAdmin } from '~/lib/guards.server';
import type { Locale } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { withUpload } from '~/lib/portability.server';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/admin.config';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'config.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  return { users: (await listUsers(actor, { limit: 1 })).total };
}

type Intent = 'import' | 'reset' | 'migrate';

/**
 * The configuration archive's import (a multipart post: the CSRF field and the confirmation precede the file, so
 * a refused post stores nothing), through the service the `/api/config/import` route calls.
 */
function importFromPage(request: Request, actor: Actor) {
  return withUpload(
    request,
    CONFIG_ZIP_LIMITS.maxUploadBytes,
    async (file, fields) => {
      if (fields.intent === 'migrate') {
        const dryRun = fields.dryRun === 'on';
        const mode = parseMode(fields.mode);
        const result = await migrateInstance(actor, file, { mode, dryRun });
        // After a dry run the archive is kept, so the import that follows needs no second upload.
        const kept = dryRun ? await keepUpload(actor.userId, file) : null;
        return data({ intent: 'migrate' as const, migration: result, kept, mode });
      }
      const result = await importConfig(actor, file, parseMode(fields.mode));
      return redirectWithFlash(request, '/admin/config', {
        kind: 'success',
        key: 'config.imported',
        values: {
          count: result.users,
          cards: result.cards,
          tags: result.tags,
        },
      });
    },
    (fields) => {
      if (!sameOriginRequest(request) || !csrfTokenMatches(request, fields[CSRF_FIELD])) {
        throw data({ code: refusalCode(request) }, { status: 403 });
      }
      if (fields.confirm !== 'on' && !(fields.intent === 'migrate' && fields.dryRun === 'on'))
        throw new AppError('validation_failed', 'Tick the box to confirm');
    },
  );
}

/** The migration of an archive its dry run kept (a form post naming it), once the box is ticked. */
async function migrateKept(form: FormData, actor: Actor) {
  if (!isConfirmed(form)) throw new AppError('validation_failed', 'Tick the box to confirm');
  const mode = parseMode(String(form.get('mode') ?? ''));
  const result = await withKeptUpload(actor.userId, String(form.get('kept') ?? ''), (file) =>
    migrateInstance(actor, file, { mode, dryRun: false }),
  );
  return data({ intent: 'migrate' as const, migration: result, kept: null, mode });
}

/** The reset, confirmed with the administrator's password (as `/api/config/reset` asks). */
async function resetFromPage(form: FormData, request: Request, actor: Actor, locale: Locale) {
  const password = String(form.get('password') ?? '');
  if (!password) throw new AppError('validation_failed', 'Password is required');
  await resetConfig(actor, password, locale);
  return redirectWithFlash(request, '/admin/config', { kind: 'success', key: 'config.resetDone' });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const { locale } = requestInfo(context);
  let intent: Intent = isMultipart(request) ? 'import' : 'reset';
  if (intent === 'import' && new URL(request.url).searchParams.has('migrate')) intent = 'migrate';
  try {
    if (intent !== 'reset') return await importFromPage(request, actor);
    const form = await readForm(request);
    if (form.get('intent') === 'migrate-kept') {
      intent = 'migrate';
      return await migrateKept(form, actor);
    }
    return await resetFromPage(form, request, actor, locale);
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ intent, error: pageErrorMessage(err, locale) }, { status: err.status });
  }
}

const MODES = ['clean', 'incremental', 'overwrite'] as const;

/** The whole instance's configuration (every user's data, the site settings): export, import and reset. */
export default function AdminConfigPage() {
  const { t } = useTranslation();
  const { users } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const errorOf = (intent: Intent) =>
    failure?.intent === intent && 'error' in failure ? [failure.error] : undefined;
  const migration = failure && 'migration' in failure ? failure.migration : null;
  return (
    <main id="main" className="container page data-page admin-config-page">
      <h1>{t('config.title')}</h1>
      <p className="muted">{t('config.intro', { count: users })}</p>
      <p className="muted">
        {t('config.undoHint')} <a href="/settings/history">{t('nav.history')}</a>.
      </p>

      <Panel id="config-export" title={t('config.exportTitle')}>
        <p className="muted">{t('config.exportHelp')}</p>
        {/* A download: the browser posts it to the export endpoint itself. */}
        <form method="post" action="/api/config/export" className="stack">
          <CsrfInput />
          <SubmitRow label={t('config.export')} tone="button-primary" />
        </form>
      </Panel>

      <Panel id="config-import" title={t('config.importTitle')}>
        {/* The CSRF token and the confirmation precede the file: both are checked before it is received. */}
        <PostForm encType="multipart/form-data" className="stack" intent="import">
          <p className="muted">{t('config.importHelp')}</p>
          <ModeChoice legend={t('config.mode')} />
          <label className="confirm-check">
            <input type="checkbox" name="confirm" required /> {t('config.confirmImport')}
          </label>
          <Field
            id="config-file"
            label={t('config.file')}
            type="file"
            name="file"
            required
            accept=".zip,application/zip"
            errors={errorOf('import')}
          />
          <SubmitRow label={t('config.import')} tone="" />
        </PostForm>
      </Panel>

      <Panel id="config-migrate" title={t('migrate.title')}>
        <p className="muted">{t('migrate.help')}</p>
        {/* The intent and CSRF token precede the file; "?migrate" tells the action which form this is. */}
        <PostForm encType="multipart/form-data" className="stack" intent="migrate" action="?migrate">
          <label className="confirm-check">
            <input type="checkbox" name="dryRun" defaultChecked /> {t('migrate.dryRun')}
          </label>
          <ModeChoice legend={t('migrate.mode')} />
          <label className="confirm-check">
            <input type="checkbox" name="confirm" /> {t('migrate.confirm')}
          </label>
          <Field
            id="migrate-file"
            label={t('migrate.file')}
            type="file"
            name="file"
            required
            accept=".zip,application/zip"
            errors={errorOf('migrate')}
          />
          <SubmitRow label={t('migrate.submit')} tone="" />
        </PostForm>
        {migration && failure && 'kept' in failure ? (
          <MigrationReport result={migration} kept={failure.kept} mode={failure.mode} />
        ) : null}
      </Panel>

      <Panel id="config-reset" title={t('config.resetTitle')} className="panel-danger">
        <p>{t('config.resetHelp')}</p>
        <PostForm className="stack form-narrow" intent="reset">
          <PasswordConfirmRow
            id="config-reset-password"
            label={t('config.reset')}
            passwordLabel={t('config.password')}
            hint={t('config.passwordHint')}
            errors={errorOf('reset')}
          />
        </PostForm>
      </Panel>
    </main>
  );
}

/** What a migration found (dry run) or did: one row per user of the older instance. */
function MigrationReport({
  result,
  kept,
  mode,
}: {
  result: MigrationResult;
  /** The token of the archive a dry run kept for the import that follows. */
  kept: string | null;
  mode: (typeof MODES)[number];
}) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-live="polite" id="migration-report">
      <h3>{result.dryRun ? t('migrate.previewTitle') : t('migrate.doneTitle')}</h3>
      <p>
        {t('migrate.totals', {
          users: result.totals.users,
          cards: result.totals.cards,
          tags: result.totals.tags,
          files: result.totals.files,
        })}
      </p>
      <div style={{ overflowX: 'auto' }}>
        <table>
          <thead>
            <tr>
              <th>{t('migrate.user')}</th>
              <th>{t('migrate.action')}</th>
              <th>{t('migrate.password')}</th>
              <th>{t('migrate.contents')}</th>
            </tr>
          </thead>
          <tbody>
            {result.users.map((u) => (
              <tr key={u.id}>
                <td>
                  {u.username}
                  {u.usernameHere !== u.username ? ` → ${u.usernameHere}` : ''}
                </td>
                <td>
                  {t(`migrate.actions.${u.action}`)}
                  {u.reason ? ` (${t(`migrate.reasons.${u.reason}`)})` : ''}
                </td>
                <td>{t(`migrate.passwords.${u.password}`)}</td>
                <td>
                  {t('migrate.counts', { cards: u.cards, tags: u.tags, files: u.files })}
                  {u.tokensNotMigrated ? ` · ${t('migrate.tokens', { count: u.tokensNotMigrated })}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.passwordResets.length ? (
        <p>
          {t('migrate.resetHint', { names: result.passwordResets.join(', ') })}{' '}
          <a href="/admin/users">{t('migrate.usersPage')}</a>
        </p>
      ) : null}
      <p className="muted">{t('migrate.notCarried')}</p>
      {result.dryRun && kept ? (
        <PostForm className="stack" intent="migrate-kept" values={{ kept }}>
          <p className="muted">{t('migrate.keptHint')}</p>
          <ModeChoice legend={t('migrate.mode')} chosen={mode} />
          <label className="confirm-check">
            <input type="checkbox" name="confirm" required /> {t('migrate.confirm')}
          </label>
          <SubmitRow label={t('migrate.importKept')} tone="" />
        </PostForm>
      ) : null}
    </section>
  );
}

/** How an import treats what exists (the configuration import and the migration share the choice). */
function ModeChoice({ legend, chosen = 'incremental' }: { legend: string; chosen?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice-list">
      <legend>{legend}</legend>
      {MODES.map((m) => (
        <label key={m}>
          <input type="radio" name="mode" value={m} defaultChecked={m === chosen} /> {t(`config.modes.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}
