import type { TFunction } from 'i18next';
import { BULK_MAX_CARDS } from '#server/cards/card-bulk.schema';
import { PinIcon, TrashIcon } from '../icons';

/** The id of the selection bar's form: each tile's checkbox belongs to it through its `form` attribute. */
export const BULK_FORM_ID = 'bulk-form';

/**
 * The edit mode's selection bar: a plain form posting the ticked cards (`ids`, the tiles' checkboxes) with one
 * operation to the dashboard's action, so it works without JavaScript. With it (app/client/bulk-select.ts) the count
 * shows, shift-click ticks a range, and "Select all" ticks every card of the view (loading the rest of it).
 */
export function BulkBar({
  csrf,
  returnTo,
  tags,
  fromTagId,
  t,
}: {
  csrf: string;
  returnTo: string;
  /** The real tags, for the picker. */
  tags: { id: string; name: string }[];
  /** The real tag being looked at: a move takes the cards out of it. */
  fromTagId: string | null;
  t: TFunction;
}) {
  return (
    <form
      id={BULK_FORM_ID}
      method="post"
      action="/?index"
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
          <select id="bulk-tag" name="tagId" className="bulk-tag" defaultValue="">
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
export function BulkPick({ id, name, t }: { id: string; name: string; t: TFunction }) {
  return (
    <label className="tile-select" title={t('bulk.select', { name })}>
      <input
        type="checkbox"
        name="ids"
        value={id}
        form={BULK_FORM_ID}
        data-bulk-pick
        aria-label={t('bulk.select', { name })}
      />
    </label>
  );
}
