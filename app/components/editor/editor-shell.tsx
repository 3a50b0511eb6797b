// The frame of every editor page: a centred column with a back link and a heading, section panels, an in-page
// section index, and the sticky bar with Cancel / Save.
import { useTranslation } from 'react-i18next';
import { editorHeading, type EditorSubject } from '~/lib/page-title';
import { ArrowLeftIcon } from '../icons';

export function EditorPage({
  kind,
  item = null,
  title,
  intro,
  returnTo,
  children,
}: {
  kind: EditorSubject['kind'];
  item?: EditorSubject['item'];
  /** A heading other than the editor's own (the delete-tag step). */
  title?: string;
  intro?: React.ReactNode;
  returnTo: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container editor-page">
      <div className="editor-column">
        {/* A full page load: the dashboard is not a React page. */}
        <a className="editor-back" href={returnTo}>
          <ArrowLeftIcon size={16} />
          {t('editor.back')}
        </a>
        <header className="editor-head">
          <p className="editor-kind">{t(`editor.kinds.${kind}`)}</p>
          <h1>{title ?? editorHeading(t, { kind, item })}</h1>
          {intro ? <p className="editor-intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </main>
  );
}

export function EditorSection({
  id,
  title,
  description,
  children,
  actions,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="panel editor-section" id={id} aria-labelledby={`${id}-title`}>
      <div className="editor-section-head">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          {description ? <p className="editor-section-description">{description}</p> : null}
        </div>
        {actions}
      </div>
      <div className="editor-section-body">{children}</div>
    </section>
  );
}

/** Links to the sections of a long form (plain anchors: no JavaScript needed). */
export function SectionIndex({ sections }: { sections: { id: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav className="editor-index" aria-label={t('editor.sections')}>
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`}>{s.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Cancel and Save, and Delete: a link to a tag's delete page (`deleteHref`) or the submit button of a card's
 * delete form (`deleteForm`, its id); `sticky` keeps it at the bottom of the window on long forms.
 */
export function SaveBar({
  returnTo,
  submitLabel,
  busy,
  deleteHref,
  deleteForm,
  sticky,
  children,
}: {
  returnTo: string;
  submitLabel: string;
  busy?: boolean;
  deleteHref?: string;
  deleteForm?: string;
  sticky?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`editor-savebar ${sticky ? 'editor-savebar-sticky' : 'editor-savebar-static'}`}>
      {deleteHref ? (
        <a className="button button-ghost editor-delete" href={deleteHref}>
          {t('editor.delete')}
        </a>
      ) : null}
      {deleteForm ? (
        <button type="submit" form={deleteForm} className="button button-ghost editor-delete">
          {t('editor.deleteCardNow')}
        </button>
      ) : null}
      <span className="spacer" />
      {children}
      <a className="button" href={returnTo}>
        {t('editor.cancel')}
      </a>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('editor.saving') : submitLabel}
      </button>
    </div>
  );
}

/**
 * The first submit button of a form is the one Enter presses; this keeps it the Save button even when an
 * "Add row" button comes first in the page.
 */
export function DefaultSubmit({ label }: { label: string }) {
  return (
    <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}
