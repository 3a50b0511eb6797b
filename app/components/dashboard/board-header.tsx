import { useTranslation } from 'react-i18next';
import { EditIcon, PlusIcon } from '../icons';

/** Title, description and count of what the board shows, with the owner's edit and add actions. */
export function BoardHeader({
  title,
  description,
  total,
  owner,
  edit,
  editHref,
  clearHref,
  tagId,
  returnTo,
}: {
  title: string;
  description: string | null;
  total: number;
  owner: boolean;
  edit: boolean;
  editHref: string;
  clearHref: string | null;
  tagId: string | null;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const back = `returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <header className="board-head">
      <div className="board-title">
        <h1 id="board-title">{title}</h1>
        <p className="board-sub">
          <span>{t('dashboard.cardCount', { count: total })}</span>
          {description ? <span className="board-desc">{description}</span> : null}
          {clearHref ? (
            <a href={clearHref} className="board-clear">
              {t('dashboard.clearSearch')}
            </a>
          ) : null}
        </p>
        {edit ? (
          // Dragging needs JavaScript: the script swaps in the hint that mentions it.
          <p className="board-hint" data-js-hint={t('dashboard.editModeHint')}>
            {t('dashboard.editModeHintNoJs')}
          </p>
        ) : null}
      </div>
      {owner ? (
        <div className="board-actions">
          <a className={`button button-small${edit ? ' button-primary' : ''}`} href={editHref}>
            <EditIcon size={15} />
            <span>{edit ? t('dashboard.doneEditing') : t('dashboard.editMode')}</span>
          </a>
          <details className="menu add-menu">
            <summary className="button button-small button-primary">
              <PlusIcon size={15} />
              <span>{t('dashboard.add')}</span>
            </summary>
            <div className="menu-panel menu-panel-right">
              <nav className="menu-links" aria-label={t('dashboard.add')}>
                <a href={`/edit/sites/new?${back}${tagId ? `&tag=${encodeURIComponent(tagId)}` : ''}`}>
                  {t('dashboard.addSite')}
                </a>
                <a href={`/edit/social/new?${back}`}>{t('dashboard.addSocial')}</a>
                <a href={`/edit/notes/new?${back}`}>{t('dashboard.addNote')}</a>
                <a href={`/edit/tags/new?${back}`}>{t('dashboard.addTag')}</a>
              </nav>
            </div>
          </details>
        </div>
      ) : null}
    </header>
  );
}
