import type { SubmissionResult } from '@conform-to/react';
import type { TFunction } from 'i18next';
import { BULK_MAX_CARDS } from '#server/cards/card-bulk.schema';
import { FieldError, FormErrors } from '../ui/field';
import { PinIcon, TrashIcon } from '../icons';

/** The id of the selection bar's form: each tile's checkbox belongs to it through its `form` attribute. */
export const BULK_FORM_ID = 'bulk-form';

/** The cards a refused bulk edit had ticked (its reply's `ids`: one id, a list, or none). */
export function postedIds(result: SubmissionResult<string[]> | undefined): Set<string> {
  const ids = result?.initialValue?.ids;
  return new Set((Array.isArray(ids) ? ids : ids === undefined ? [] : [ids]).map(String));
}

/**
 * The edit mode's selection bar: a plain form posting the ticked cards (`ids`, the tiles' checkboxes) with one
 * operation to the dashboard's action, so it works without JavaScript. With it (app/client/bulk-select.ts) the count
 * shows, shift-click ticks a range, and "Select all" ticks every card of the view (loading the rest of it).
 * It posts to the view it is on (`returnTo` as the index route's action), so a refusal, answered with the form
 * pipeline's reply (`lastResult`), draws this view again with the errors in the bar and the tag as chosen.
 */
export function BulkBar({
  csrf,
  returnTo,
  tags,
  fromTagId,
  lastResult,
  t,
}: {
  csrf: string;
  returnTo: string;
  /** The real tags, for the picker. */
  tags: { id: string; name: string }[];
  /** The real tag being looked at: a move takes the cards out of it. */
  fromTagId: string | null;
  lastResult?: SubmissionResult<string[]>;
  t: TFunction;
}) {
  const errors = lastResult?.error ?? {};
  const tagErrors = errors.tagId ?? undefined;
  // What is not about the tag is about the selection as a whole: nothing ticked, too many, gone meanwhile.
  const barErrors = Object.entries(errors).flatMap(([name, list]) => (name === 'tagId' ? [] : (list ?? [])));
  const chosenTag = lastResult ? String(lastResult.initialValue?.tagId ?? '') : '';
  return (
    <form
      id={BULK_FORM_ID}
      method="post"
      action={`${returnTo}${returnTo.includes('?') ? '&' : '?'}index`}
      className="bulk-bar"
      data-bulk-bar
      data-max={BULK_MAX_CARDS}
      data-count-none={t('bulk.countNone')}
      data-count-one={t('bulk.countOne')}
      data-count-other={t('bulk.countMany', { n: '{n}' })}
      data-choose-tag={t('bulk.chooseTag')}
      aria-label={t('bulk.label')}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {fromTagId ? <input type="hidden" name="fromTagId" value={fromTagId} /> : null}
      {barErrors.length ? (
        <div className="bulk-errors">
          <FormErrors errors={barErrors} id="bulk-errors" />
        </div>
      ) : null}
      <div className="bulk-status">
        <p className="bulk-count" data-bulk-count aria-live="polite">
          {t('bulk.hint')}
        </p>
        <span className="bulk-select-tools" data-bulk-js hidden>
          <button type="button" className="button button-small button-ghost" data-bulk-all>
            {fromTagId ? t('bulk.selectAllTag') : t('bulk.selectAll')}
          </button>
          <button type="button" className="button button-small button-ghost" data-bulk-clear>
            {t('bulk.clear')}
          </button>
        </span>
      </div>
      <div className="bulk-actions">
        <span className="bulk-tag-ops">
          <label className="visually-hidden" htmlFor="bulk-tag">
            {t('bulk.tag')}
          </label>
          <select
            id="bulk-tag"
            name="tagId"
            className="bulk-tag"
            defaultValue={chosenTag}
            aria-invalid={tagErrors ? true : undefined}
            aria-describedby={tagErrors ? 'bulk-tag-error' : undefined}
          >
            <option value="">{t('bulk.chooseTagOption')}</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
          <button type="submit" name="op" value="move" className="button button-small">
            {t('bulk.move')}
          </button>
          <button type="submit" name="op" value="addTag" className="button button-small">
            {t('bulk.addTag')}
          </button>
          <button type="submit" name="op" value="removeTag" className="button button-small">
            {t('bulk.removeTag')}
          </button>
          <FieldError id="bulk-tag-error" errors={tagErrors} />
        </span>
        <span className="bulk-card-ops">
          <button type="submit" name="op" value="pin" className="button button-small">
            <PinIcon size={14} />
            <span>{t('bulk.pin')}</span>
          </button>
          <button type="submit" name="op" value="unpin" className="button button-small">
            {t('bulk.unpin')}
          </button>
          <button type="submit" name="op" value="delete" className="button button-small bulk-delete">
            <TrashIcon size={14} />
            <span>{t('bulk.delete')}</span>
          </button>
        </span>
      </div>
    </form>
  );
}

/** A tile's checkbox in edit mode: a field of the selection bar's form. */
export function BulkPick({
  id,
  name,
  picked = false,
  t,
}: {
  id: string;
  name: string;
  picked?: boolean;
  t: TFunction;
}) {
  return (
    <label className="tile-select" title={t('bulk.select', { name })}>
      <input
        type="checkbox"
        name="ids"
        value={id}
        form={BULK_FORM_ID}
        defaultChecked={picked}
        data-bulk-pick
        aria-label={t('bulk.select', { name })}
      />
    </label>
  );
}
