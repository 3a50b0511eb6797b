import { useTranslation } from 'react-i18next';
import { getFormProps } from '@conform-to/react';
import { useActionData, useLoaderData } from 'react-router';
import { SnapshotTakeFormSchema } from '#server/snapshots/snapshot.schema';
import { listSnapshots, retentionMs } from '#server/snapshots/snapshot.service';
import { SnapshotItem } from '~/components/history/snapshot-item';
import { shownSnapshotLabel } from '~/components/history/snapshot-label';
import { formatDateTime } from '~/lib/format';
import { requireUser } from '~/lib/guards.server';
import { historyAction } from './settings.history.server';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/settings.history';
import { PostForm } from '~/components/ui/post-form';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { FieldError, FormErrors } from '~/components/ui/field';
import { inputProps, useZodForm } from '~/lib/conform';

const HISTORY_PATH = '/settings/history';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'history.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  const items = await listSnapshots(actor);
  // The confirm step of a restore or a deletion (`?restore=<id>`, `?delete=<id>`).
  const params = new URL(request.url).searchParams;
  const step = (['restore', 'delete'] as const).find((s) => params.has(s));
  const snapshot = step ? items.find((s) => s.id === params.get(step)) : undefined;
  const confirm = step && snapshot ? { step, snapshot } : null;
  return { items, confirm, days: Math.round(retentionMs() / 86_400_000) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = requestInfo(context);
  return historyAction({ request, actor: requireUser(request, context), locale });
}

/** Version history: snapshots of the user's dashboard data, taken by hand or before replacing it; restore one. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { items, confirm, days } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // The pipeline's reply to the last post, with the snapshot it was about (a rename, restore or deletion).
  const rowReply =
    reply && reply.intent !== 'create'
      ? { id: String(reply.result.initialValue?.id ?? ''), intent: reply.intent, result: reply.result }
      : null;
  const [take, takeFields] = useZodForm(SnapshotTakeFormSchema, {
    id: 'history-take',
    lastResult: reply?.intent === 'create' ? reply.result : undefined,
  });
  return (
    <main id="main" className="container page history-page">
      <h1>{t('history.title')}</h1>
      <p className="muted">{t('history.intro', { days })}</p>

      {confirm ? (
        <ConfirmStep
          title={t(`history.confirm.${confirm.step}.title`, {
            label: shownSnapshotLabel(t, confirm.snapshot),
          })}
          action={HISTORY_PATH}
          intent={confirm.step}
          values={{ id: confirm.snapshot.id }}
          submitLabel={t(`history.confirm.${confirm.step}.submit`)}
          cancelHref={HISTORY_PATH}
          cancelLabel={t('history.confirm.cancel')}
        >
          <p>
            {t(`history.confirm.${confirm.step}.body`, { date: formatDateTime(confirm.snapshot.createdAt) })}
          </p>
        </ConfirmStep>
      ) : null}

      <section className="panel" aria-labelledby="take-heading">
        <h2 id="take-heading">{t('history.takeTitle')}</h2>
        {/* Keyed by the newest snapshot: once one is taken the form is drawn anew, its label field empty
            (with JavaScript the page is not reloaded). */}
        <PostForm
          key={items[0]?.id ?? 'none'}
          action={HISTORY_PATH}
          {...getFormProps(take)}
          className="row history-take"
          intent="create"
        >
          <label className="history-label">
            <span>{t('history.labelOptional')}</span>
            <input
              {...inputProps(takeFields.label, { type: 'text' })}
              key={takeFields.label.key}
              maxLength={100}
              placeholder={t('history.labelPlaceholder')}
            />
          </label>
          <button type="submit" className="button button-primary">
            {t('history.take')}
          </button>
        </PostForm>
        <FieldError id={takeFields.label.errorId} errors={takeFields.label.errors} />
        <FormErrors errors={take.errors} id={take.errorId} />
      </section>

      <section className="panel" aria-labelledby="list-heading">
        <h2 id="list-heading">{t('history.listTitle', { count: items.length })}</h2>
        {items.length === 0 ? (
          <p className="muted">{t('history.empty')}</p>
        ) : (
          <ul className="item-list" aria-label={t('history.listLabel')}>
            {items.map((s) => (
              <SnapshotItem
                key={s.id}
                snapshot={s}
                lastResult={rowReply && rowReply.id === s.id ? rowReply : undefined}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
