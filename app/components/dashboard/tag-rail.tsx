import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EditIcon, NoteIcon, TagIcon, UserIcon } from '../icons';
import { BoardForm, MoveButtons } from './board-forms';

export interface RailTag {
  id: string;
  name: string;
  count: number;
  hidden: boolean;
  virtual: 'social' | 'note' | null;
  color: string | null;
  logoUrl: string | null;
  href: string;
}

/** The tag list: links that filter the board; in edit mode with move arrows (forms) and drag handles. */
export function TagRail({
  tags,
  activeId,
  total,
  allHref,
  edit,
}: {
  tags: RailTag[];
  activeId: string | null;
  total: number | null;
  allHref: string;
  edit: { csrf: string; returnTo: string } | null;
}) {
  const { t } = useTranslation();
  const label = (tag: RailTag) =>
    tag.virtual === 'social'
      ? t('dashboard.socialTag')
      : tag.virtual === 'note'
        ? t('dashboard.noteTag')
        : tag.name;
  // On a phone the tags wrap; a long list folds to two rows behind a "show all" toggle (a checkbox, so it works
  // without JavaScript). Edit mode shows every tag with its tools.
  const foldable = !edit && tags.length > FOLD_AFTER;
  return (
    <nav className="tag-rail" aria-label={t('dashboard.tags')}>
      {foldable ? (
        <input
          type="checkbox"
          id="tag-rail-all"
          className="tag-rail-toggle visually-hidden"
          aria-label={t('dashboard.showAllTags', { count: tags.length + 1 })}
        />
      ) : null}
      <ul className="tag-list" data-tag-list>
        <li className="tag-item tag-item-all">
          <a href={allHref} className="tag-link" aria-current={activeId === null ? 'page' : undefined}>
            <span className="tag-glyph" aria-hidden="true">
              <TagIcon size={16} />
            </span>
            <span className="tag-name">{t('dashboard.allCards')}</span>
            {total !== null ? <TagCount count={total} t={t} /> : null}
          </a>
        </li>
        {tags.map((tag, i) => (
          <li key={tag.id} className="tag-item" data-tag-id={tag.id}>
            <a href={tag.href} className="tag-link" aria-current={activeId === tag.id ? 'page' : undefined}>
              <span
                className="tag-glyph"
                style={tag.color ? { background: tag.color, color: '#fff' } : undefined}
                aria-hidden="true"
              >
                {tag.logoUrl ? (
                  <img
                    src={tag.logoUrl}
                    alt=""
                    width={18}
                    height={18}
                    loading="lazy"
                    referrerPolicy="no-referrer"
                  />
                ) : tag.virtual === 'note' ? (
                  <NoteIcon size={15} />
                ) : tag.virtual === 'social' ? (
                  <UserIcon size={15} />
                ) : (
                  label(tag).slice(0, 1)
                )}
              </span>
              <span className="tag-name">{label(tag)}</span>
              {tag.hidden ? (
                <span className="badge tag-hidden" title={t('dashboard.hiddenTag')}>
                  <span aria-hidden="true">◌</span>
                  <span className="visually-hidden">{t('dashboard.hiddenTag')}</span>
                </span>
              ) : null}
              <TagCount count={tag.count} t={t} />
            </a>
            {edit ? (
              <BoardForm className="tag-tools" csrf={edit.csrf} id={tag.id} returnTo={edit.returnTo}>
                <MoveButtons
                  what="tag"
                  first={i === 0}
                  last={i === tags.length - 1}
                  labels={[
                    `${t('dashboard.moveTagUp')}: ${label(tag)}`,
                    `${t('dashboard.moveTagDown')}: ${label(tag)}`,
                  ]}
                  size={14}
                />
                {tag.virtual ? null : (
                  <a
                    className="icon-button tool"
                    href={`/edit/tags/${encodeURIComponent(tag.id)}?returnTo=${encodeURIComponent(edit.returnTo)}`}
                    aria-label={`${t('dashboard.editTag')}: ${label(tag)}`}
                  >
                    <EditIcon size={14} />
                  </a>
                )}
              </BoardForm>
            ) : null}
          </li>
        ))}
      </ul>
      {foldable ? (
        <label htmlFor="tag-rail-all" className="tag-rail-more" aria-hidden="true" data-tag-rail-more>
          <span className="tag-rail-more-closed">
            {t('dashboard.showAllTags', { count: tags.length + 1 })}
          </span>
          <span className="tag-rail-more-open">{t('dashboard.showFewerTags')}</span>
        </label>
      ) : null}
    </nav>
  );
}

/** More tags than this (besides "All cards") fold on a phone. */
const FOLD_AFTER = 3;

/** A tag's card count; read out as ", 5 cards" so it does not run into the name ("AI tools5"). */
function TagCount({ count, t }: { count: number; t: TFunction }) {
  return (
    <>
      <span className="tag-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">, {t('dashboard.cardCount', { count })}</span>
    </>
  );
}
