import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SnapshotDto } from '#server/snapshots/snapshot.dto';
import { SnapshotRenameFormSchema } from '#server/snapshots/snapshot.schema';
import { FieldError, FormErrors } from '~/components/ui/field';
import { inputProps, replyMessages, useZodForm } from '~/lib/conform';
import { formatDateTime } from '~/lib/format';
import { Item } from '~/components/ui/item';
import { PostForm } from '~/components/ui/post-form';
import { shownSnapshotLabel } from './snapshot-label';

/**
 * One snapshot of the version history: its label (renamable), when and what, restore and delete. `lastResult` is
 * the form pipeline's reply to the last post about this snapshot (its rename, or a refused restore or deletion).
 */
export function SnapshotItem({
  snapshot: s,
  lastResult,
}: {
  snapshot: SnapshotDto;
  lastResult?: { intent: string; result: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation();
  const label = shownSnapshotLabel(t, s);
  const renamed = lastResult?.intent === 'rename' ? lastResult.result : undefined;
  const [form, fields] = useZodForm(SnapshotRenameFormSchema, {
    id: `rename-${s.id}`,
    lastResult: renamed,
    defaultValue: { id: s.id, label },
  });
  // A refused restore or deletion (gone meanwhile, say): its errors show under the row.
  const refused = lastResult && !renamed ? replyMessages(lastResult.result) : [];
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
      <details className="snapshot-rename" open={renamed ? true : undefined}>
        <summary>{t('history.rename')}</summary>
        <PostForm
          action="/settings/history"
          {...getFormProps(form)}
          className="row"
          intent="rename"
          values={{ id: s.id }}
        >
          <label className="visually-hidden" htmlFor={fields.label.id}>
            {t('history.newLabel')}
          </label>
          <input
            {...inputProps(fields.label, { type: 'text' })}
            key={fields.label.key}
            maxLength={100}
            required
          />
          <button type="submit" className="button button-small">
            {t('history.save')}
          </button>
        </PostForm>
        <FieldError id={fields.label.errorId} errors={fields.label.errors} />
        <FormErrors errors={form.errors} id={form.errorId} />
      </details>
      <FormErrors errors={refused} />
    </Item>
  );
}
