import { useTranslation } from 'react-i18next';
import { Link, useActionData, useLoaderData } from 'react-router';
import { listSnapshots, retentionMs } from '#server/snapshots/snapshot.service';
import { SnapshotItem } from '~/components/history/snapshot-item';
import { formatDateTime } from '~/lib/format';
import { requireUser } from '~/lib/guards.server';
import { historyAction } from '~/lib/history-actions.server';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/settings.history';
import { PostForm } from '~/components/ui/post-form';

const HISTORY_PATH = '/settings/history';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'history.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  const items = await listSnapshots(actor);
  const restoreId = new URL(request.url).searchParams.get('restore');
  const confirm = items.find((s) => s.id === restoreId) ?? null;
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
  const result = useActionData<typeof action>();
  const rowError = result && 'error' in result ? result : null;
  return (
    <main id="main" className="container page history-page">
      <h1>{t('history.title')}</h1>
      <p className="muted">{t('history.intro', { days })}</p>

      {confirm ? (
        <section className="panel panel-danger confirm-panel" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading">{t('history.confirm.title', { label: confirm.label })}</h2>
          <p>{t('history.confirm.body', { date: formatDateTime(confirm.createdAt) })}</p>
          <div className="row">
            <PostForm action={HISTORY_PATH} intent="restore" values={{ id: confirm.id }}>
              <button type="submit" className="button button-danger">
                {t('history.confirm.submit')}
              </button>
            </PostForm>
            <Link to={HISTORY_PATH} className="button">
              {t('history.confirm.cancel')}
            </Link>
          </div>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="take-heading">
        <h2 id="take-heading">{t('history.takeTitle')}</h2>
        <PostForm action={HISTORY_PATH} className="row history-take" intent="create">
          <label className="history-label">
            <span>{t('history.labelOptional')}</span>
            <input type="text" name="label" maxLength={100} placeholder={t('history.labelPlaceholder')} />
          </label>
          <button type="submit" className="button button-primary">
            {t('history.take')}
          </button>
        </PostForm>
        {rowError && !rowError.id ? (
          <p role="alert" className="form-error">
            {rowError.error}
          </p>
        ) : null}
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
                error={rowError && rowError.id === s.id ? rowError.error : null}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
