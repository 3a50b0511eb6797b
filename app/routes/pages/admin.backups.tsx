import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData } from 'react-router';
import { BACKUP_DESTINATIONS, BackupSettingsInput } from '#server/backups/backup.schema';
import { backupFolder } from '#server/backups/backup-store';
import {
  getBackupSettings,
  listBackups,
  restoreBackup,
  runBackupNow,
  updateBackupSettings,
} from '#server/backups/backup.service';
import { AppError, isAppError } from '#server/errors';
import { Field, SelectField } from '~/components/ui/field';
import { Badge, Item } from '~/components/ui/item';
import { Panel } from '~/components/ui/panel';
import { PasswordConfirmRow, PostForm, SubmitRow } from '~/components/ui/post-form';
import { formatBytes } from '~/components/ui/upload';
import { redirectWithFlash } from '~/lib/flash.server';
import { formatDateTime } from '~/lib/format';
import { numberField, pageErrorMessage, readForm } from '~/lib/forms.server';
import { requireAdmin } from '~/lib/guards.server';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/admin.backups';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'backups.title') }];

const HERE = '/admin/backups';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const [settings, list] = await Promise.all([getBackupSettings(actor), listBackups(actor)]);
  return { settings, list, folder: backupFolder() };
}

type Intent = 'settings' | 'run' | 'restore';

/** The schedule form as BackupSettingsInput (the API's schema): an unticked box is false. */
function settingsInput(form: FormData) {
  return {
    enabled: form.get('enabled') === 'on',
    everyHours: numberField(form, 'everyHours'),
    hour: numberField(form, 'hour'),
    keep: numberField(form, 'keep'),
    destination: String(form.get('destination') ?? 's3'),
  };
}

async function run(
  intent: Intent,
  form: FormData,
  request: Request,
  actor: Parameters<typeof listBackups>[0],
) {
  if (intent === 'settings') {
    const parsed = BackupSettingsInput.safeParse(settingsInput(form));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('validation_failed', `${issue?.path.join('.')}: ${issue?.message}`);
    }
    await updateBackupSettings(actor, parsed.data);
    return redirectWithFlash(request, HERE, { kind: 'success', key: 'backups.saved' });
  }
  if (intent === 'run') {
    const done = await runBackupNow(actor);
    return redirectWithFlash(
      request,
      HERE,
      done.status === 'done'
        ? {
            kind: 'success',
            key: 'backups.written',
            values: { name: done.name, size: formatBytes(done.size ?? 0) },
          }
        : { kind: 'error', key: 'backups.failed', values: { reason: done.error ?? '' } },
    );
  }
  const name = String(form.get('name') ?? '');
  const password = String(form.get('password') ?? '');
  if (!password) throw new AppError('validation_failed', 'Password is required');
  const result = await restoreBackup(actor, name, password);
  return redirectWithFlash(request, HERE, {
    kind: 'success',
    key: 'backups.restored',
    values: { name, count: result.users, cards: result.cards, tags: result.tags },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent !== 'settings' && intent !== 'run' && intent !== 'restore')
    throw data({ code: 'bad_request' }, { status: 400 });
  try {
    return await run(intent, form, request, actor);
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data(
      { intent, error: pageErrorMessage(err, requestInfo(context).locale) },
      { status: err.status },
    );
  }
}

/** The administrator's backups: status and "Back up now", the schedule, the stored archives, restore. */
export default function AdminBackupsPage() {
  const { t } = useTranslation();
  const { settings, list, folder } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const errorOf = (intent: Intent) => (failure?.intent === intent ? [failure.error] : undefined);
  const last = list.lastRun;
  return (
    <main id="main" className="container page data-page admin-backups-page">
      <h1>{t('backups.title')}</h1>
      <p className="muted">{t('backups.intro')}</p>

      <Panel id="backup-status" title={t('backups.statusTitle')}>
        <dl className="stack backup-facts">
          <div>
            <dt>{t('backups.lastRun')}</dt>
            <dd id="backup-last-run">
              {last ? (
                <>
                  <Badge
                    tone={last.status === 'failed' ? 'danger' : last.status === 'done' ? 'accent' : 'warn'}
                  >
                    {t(`backups.statuses.${last.status}`)}
                  </Badge>{' '}
                  {last.status === 'done'
                    ? t('backups.lastRunDone', {
                        time: formatDateTime(last.finishedAt),
                        name: last.name,
                        size: formatBytes(last.size ?? 0),
                      })
                    : last.status === 'failed'
                      ? t('backups.lastRunFailed', {
                          time: formatDateTime(last.finishedAt),
                          reason: last.error,
                        })
                      : t('backups.lastRunRunning', { time: formatDateTime(last.startedAt) })}
                </>
              ) : (
                t('backups.never')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('backups.nextRun')}</dt>
            <dd id="backup-next-run">
              {list.nextRunAt ? formatDateTime(list.nextRunAt) : t('backups.nextRunOff')}
            </dd>
          </div>
          <div>
            <dt>{t('backups.destination')}</dt>
            <dd>
              {list.destination === 'folder'
                ? t('backups.destinationFolder', { folder: folder ?? '' })
                : t('backups.destinationS3')}
            </dd>
          </div>
        </dl>
        <PostForm className="stack" intent="run">
          <p className="muted small">{t('backups.runNowHint')}</p>
          {errorOf('run') ? <p className="notice notice-danger">{failure?.error}</p> : null}
          <SubmitRow label={t('backups.runNow')} tone="button-primary" />
        </PostForm>
      </Panel>

      <Panel id="backup-schedule" title={t('backups.scheduleTitle')}>
        <PostForm className="stack form-narrow" intent="settings">
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                name="enabled"
                defaultChecked={settings.enabled}
                aria-describedby="backup-enabled-hint"
              />{' '}
              {t('backups.enabled')}
            </label>
            <p className="field-hint" id="backup-enabled-hint">
              {t('backups.enabledHint')}
            </p>
          </div>
          <Field
            id="backup-every"
            name="everyHours"
            type="number"
            min={1}
            max={168}
            required
            label={t('backups.everyHours')}
            hint={t('backups.everyHoursHint')}
            defaultValue={settings.everyHours}
          />
          <Field
            id="backup-hour"
            name="hour"
            type="number"
            min={0}
            max={23}
            required
            label={t('backups.hour')}
            hint={t('backups.hourHint')}
            defaultValue={settings.hour}
          />
          <Field
            id="backup-keep"
            name="keep"
            type="number"
            min={1}
            max={100}
            required
            label={t('backups.keep')}
            hint={t('backups.keepHint')}
            defaultValue={settings.keep}
          />
          <fieldset className="choice-list">
            <legend>{t('backups.destinationLegend')}</legend>
            {BACKUP_DESTINATIONS.map((d) => (
              <label key={d}>
                <input
                  type="radio"
                  name="destination"
                  value={d}
                  defaultChecked={settings.destination === d}
                  disabled={d === 'folder' && !settings.folderAvailable}
                />{' '}
                {t(`backups.destinations.${d}`)}
              </label>
            ))}
            <p className="field-hint">
              {folder ? t('backups.folderAt', { folder }) : t('backups.folderMissing')}
            </p>
          </fieldset>
          {errorOf('settings') ? <p className="notice notice-danger">{failure?.error}</p> : null}
          <SubmitRow label={t('backups.save')} tone="" />
        </PostForm>
      </Panel>

      <Panel id="backup-list" title={t('backups.listTitle')}>
        {list.listError ? (
          <p className="notice notice-danger">{t('backups.listFailed', { reason: list.listError })}</p>
        ) : null}
        {list.items.length ? (
          <ul className="item-list">
            {list.items.map((b) => (
              <Item
                key={b.name}
                title={formatDateTime(b.createdAt)}
                meta={
                  <>
                    {b.name} · {formatBytes(b.size)} · {t(`backups.kinds.${b.kind}`)}
                  </>
                }
                action={
                  <a
                    className="button button-small item-action"
                    href={`/api/admin/backups/${encodeURIComponent(b.name)}`}
                    download={b.name}
                    aria-label={t('backups.downloadLabel', { name: b.name })}
                  >
                    {t('backups.download')}
                  </a>
                }
              />
            ))}
          </ul>
        ) : (
          <p className="muted">{t('backups.empty')}</p>
        )}
      </Panel>

      {list.items.length ? (
        <Panel id="backup-restore" title={t('backups.restoreTitle')} className="panel-danger">
          <p>{t('backups.restoreHelp')}</p>
          <PostForm className="stack form-narrow" intent="restore">
            <SelectField
              id="backup-restore-name"
              name="name"
              label={t('backups.restoreWhich')}
              options={list.items.map((b) => ({
                value: b.name,
                label: `${formatDateTime(b.createdAt)} · ${b.name}`,
              }))}
            />
            <PasswordConfirmRow
              id="backup-restore-password"
              label={t('backups.restore')}
              passwordLabel={t('config.password')}
              hint={t('config.passwordHint')}
              errors={errorOf('restore')}
            />
          </PostForm>
        </Panel>
      ) : null}
    </main>
  );
}
