import type { TFunction } from 'i18next';
import { ChatIcon, EditIcon, LinkIcon, MailIcon, MoreIcon, NoteIcon, PinIcon, TrashIcon } from '../icons';
import { formatDateTime } from '~/lib/format';
import { BoardForm, MoveButtons, ToolLink } from './board-forms';
import { BulkPick } from './bulk-bar';
import { onlineText } from './online-text';
import type { TileView } from './tile-view';

export interface EditControls {
  csrf: string;
  returnTo: string;
  /** The tag being shown (moves then happen inside it). */
  tagId: string | null;
  canMove: boolean;
  first: boolean;
  last: boolean;
  /** Ticked for the selection bar (a refused bulk edit draws the page again with its cards still ticked). */
  picked?: boolean;
}

function Icon({ tile }: { tile: TileView }) {
  return (
    <span
      className="tile-icon"
      style={{ background: tile.iconBg && tile.iconBg !== 'transparent' ? tile.iconBg : undefined }}
      aria-hidden="true"
    >
      {tile.kind === 'note' && !tile.iconUrl ? (
        <NoteIcon size={20} />
      ) : (
        <span className="tile-letter">{tile.letter}</span>
      )}
      {tile.iconUrl ? (
        <img
          src={tile.iconUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          width={40}
          height={40}
          data-letter={tile.letter}
        />
      ) : null}
    </span>
  );
}

const GLYPHS = { link: LinkIcon, mail: MailIcon, id: ChatIcon } as const;

/** A social card's type as a small icon in the type's colour; its name is the accessible label and tooltip. */
function SocialType({ tile }: { tile: TileView }) {
  const Glyph = GLYPHS[tile.socialGlyph ?? 'id'];
  return (
    <span
      className="tile-social-type"
      role="img"
      aria-label={tile.socialLabel}
      title={tile.socialLabel}
      style={tile.iconBg ? ({ '--type-color': tile.iconBg } as React.CSSProperties) : undefined}
    >
      <Glyph size={12} />
    </span>
  );
}

/** At most this many tag chips on a tile; the rest are counted ("+2"). */
const TILE_TAGS = 3;

function TagChips({ tags }: { tags: string[] }) {
  const shown = tags.slice(0, TILE_TAGS);
  return (
    <span className="tile-tags" data-tile-tags>
      {shown.map((name) => (
        <span key={name} className="tile-tag" title={name}>
          {name}
        </span>
      ))}
      {tags.length > shown.length ? (
        <span className="tile-tag tile-tag-more" title={tags.slice(TILE_TAGS).join(', ')}>
          +{tags.length - shown.length}
        </span>
      ) : null}
    </span>
  );
}

/** One card on the dashboard; with `edit`, the owner's controls (they work as plain form posts). */
/** `t` comes from the list: one useTranslation per page instead of one per tile (measurable at 24 tiles a page). */
/** `showTags`: the site card's tags as chips (the "all" view; a tag's own view leaves them out). */
export function CardTile({
  tile,
  edit,
  t,
  showTags = false,
}: {
  tile: TileView;
  edit?: EditControls | null;
  t: TFunction;
  showTags?: boolean;
}) {
  const linkProps = tile.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const statusText =
    (tile.online ? onlineText(tile.online, t) : '') +
    (tile.checkedAt ? ` · ${t('dashboard.checkedAt', { at: formatDateTime(tile.checkedAt) })}` : '');
  return (
    <li
      className={`tile tile-${tile.kind}${tile.pinned ? ' tile-pinned' : ''}`}
      id={`card-${tile.id}`}
      data-card-id={tile.id}
      data-pinned={tile.pinned ? '1' : '0'}
    >
      <a className="tile-link" href={tile.href} {...linkProps}>
        <Icon tile={tile} />
        <span className="tile-body">
          <span className="tile-name" title={tile.name}>
            {tile.name}
          </span>
          {tile.kind === 'social' ? (
            <span className="tile-meta">
              <SocialType tile={tile} />
              {tile.socialValue ? <span className="tile-social-value">{tile.socialValue}</span> : null}
            </span>
          ) : null}
          {tile.description ? <span className="clamp tile-desc">{tile.description}</span> : null}
          {showTags && tile.kind === 'site' && tile.tags.length ? <TagChips tags={tile.tags} /> : null}
        </span>
        {tile.online !== null ? (
          <span
            className={`status-dot is-${tile.online.status}`}
            title={statusText}
            data-status={tile.online.status}
          >
            <span className="visually-hidden">{statusText}</span>
          </span>
        ) : null}
        {tile.pinned ? (
          <span className="tile-pin" title={t('dashboard.pinned')}>
            <PinIcon size={14} />
            <span className="visually-hidden">{t('dashboard.pinned')}</span>
          </span>
        ) : null}
      </a>
      {tile.menuHref && !edit ? (
        <a
          className="tile-menu icon-button"
          href={tile.menuHref}
          data-card-menu-trigger
          aria-haspopup="dialog"
          aria-label={t('cardMenu.button', { name: tile.name })}
          title={t('cardMenu.button', { name: tile.name })}
        >
          <MoreIcon size={16} />
        </a>
      ) : null}
      {edit ? (
        <div className="tile-tools">
          <BulkPick id={tile.id} name={tile.name} picked={edit.picked} t={t} />
          {edit.canMove ? (
            <span className="drag-handle" title={t('dashboard.dragHandle')} aria-hidden="true">
              ⋮⋮
            </span>
          ) : null}
          <BoardForm
            className="tile-tool-form"
            csrf={edit.csrf}
            id={tile.id}
            returnTo={`${edit.returnTo}#card-${tile.id}`}
            tagId={edit.tagId}
          >
            {edit.canMove ? (
              <MoveButtons
                what="card"
                first={edit.first}
                last={edit.last}
                labels={[
                  t('dashboard.moveUpCard', { name: tile.name }),
                  t('dashboard.moveDownCard', { name: tile.name }),
                ]}
                titles={[t('dashboard.moveUp'), t('dashboard.moveDown')]}
                size={16}
              />
            ) : null}
            <button
              type="submit"
              name="intent"
              value={tile.pinned ? 'unpin' : 'pin'}
              className={`icon-button tool${tile.pinned ? ' is-active' : ''}`}
              aria-label={t(tile.pinned ? 'dashboard.unpinCard' : 'dashboard.pinCard', { name: tile.name })}
              title={tile.pinned ? t('dashboard.unpin') : t('dashboard.pin')}
            >
              <PinIcon size={16} />
            </button>
          </BoardForm>
          <ToolLink href={tile.editHref} label={t('dashboard.editCard', { name: tile.name })}>
            <EditIcon size={16} />
          </ToolLink>
          <form method="post" action={tile.deleteAction} className="tile-tool-form">
            <input type="hidden" name="csrf" value={edit.csrf} />
            <input type="hidden" name="returnTo" value={edit.returnTo} />
            <button
              type="submit"
              className="icon-button tool tool-danger"
              aria-label={t('dashboard.deleteCard', { name: tile.name })}
              title={t('dashboard.deleteCard', { name: tile.name })}
            >
              <TrashIcon size={16} />
            </button>
          </form>
        </div>
      ) : null}
    </li>
  );
}
