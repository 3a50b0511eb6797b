import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SnapshotDto } from '#server/snapshots/snapshot.dto';
import { formatDateTime } from '~/lib/format';
import { Item } from '~/components/ui/item';
import { PostForm } from '~/components/ui/post-form';
import { shownSnapshotLabel } from './snapshot-label';

/** One snapshot of the version history: its label (renamable), when and what, restore and delete. */
export function SnapshotItem({ snapshot: s, error }: { snapshot: SnapshotDto; error: string | null }) {
  const { t } = useTranslation();
  const label = shownSnapshotLabel(t, s);
  return (
    <Item
      className="snapshot-item"
      data-snapshot={s.id}
      title={
        <>
          <span className="snapshot-label">{label}</span>
          {s.reason ? <span className="badge">{t('history.auto')}</span> : null}
        </>
      }
      meta={
        <>
          <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
          <span>{t('history.counts', { tags: s.tags, cards: s.cards })}</span>
        </>
      }
      action={
        <div className="item-action snapshot-actions">
          <Link
            to={`/settings/history?restore=${encodeURIComponent(s.id)}#confirm`}
            className="button button-small"
            aria-label={t('history.restoreNamed', { label })}
          >
            {t('history.restore')}
          </Link>
          <Link
            to={`/settings/history?delete=${encodeURIComponent(s.id)}#confirm`}
            className="button button-small button-ghost"
            aria-label={t('history.deleteNamed', { label })}
          >
            {t('history.delete')}
          </Link>
        </div>
      }
    >
      <details className="snapshot-rename">
        <summary>{t('history.rename')}</summary>
        <PostForm action="/settings/history" className="row" intent="rename" values={{ id: s.id }}>
          <label className="visually-hidden" htmlFor={`label-${s.id}`}>
            {t('history.newLabel')}
          </label>
          <input
            id={`label-${s.id}`}
            type="text"
            name="label"
            defaultValue={label}
            maxLength={100}
            required
          />
          <button type="submit" className="button button-small">
            {t('history.save')}
          </button>
        </PostForm>
      </details>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </Item>
  );
}
