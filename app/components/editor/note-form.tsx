import { useMemo, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { useTranslation } from 'react-i18next';
import { NoteFormSchema, type NoteFormValue } from '~/lib/editor-schemas';
import type { noteDefaults } from '~/lib/editor-values';
import { renderMarkdown } from '~/lib/markdown';
import { useRootData } from '~/lib/root-data';
import { insertIntoTextarea, noteMarkdown, uploadWithProgress } from '~/lib/upload-client';
import { EyeIcon } from '../icons';
import { EditorSection } from './editor-shell';
import { useZodForm } from '~/lib/conform';
import { EditorForm, type EditorPageProps } from './editor-form';
import { IconFields } from './icon-fields';
import { FormField, FormTextarea, useFieldText } from '~/components/ui/conform-fields';
import { OptionList } from '~/components/ui/field';

export interface LinkableSite {
  id: string;
  name: string;
  url: string;
}

/**
 * Title and Markdown text with a preview. The preview renders the text the page was drawn with: without
 * JavaScript the Preview button posts the form and the server draws it again (nothing is saved); with JavaScript
 * it follows the typing.
 */
export function NoteForm({
  defaultValue,
  lastResult,
  sites,
  ...frame
}: EditorPageProps<ReturnType<typeof noteDefaults>> & { sites: LinkableSite[] }) {
  const { t } = useTranslation();
  const text = useFieldText('editor.note');
  const hydrated = useHydrated();
  const [form, fields] = useZodForm<typeof NoteFormSchema, NoteFormValue>(NoteFormSchema, {
    id: 'note-form',
    defaultValue,
    lastResult,
  });
  const urls = useMemo(() => new Map(sites.map((s) => [s.id, s.url])), [sites]);
  const content = typeof fields.content.value === 'string' ? fields.content.value : '';
  const html = useMemo(
    () => (content.trim() ? renderMarkdown(content, { siteUrl: (id) => urls.get(id) ?? null }) : ''),
    [content, urls],
  );
  const [linkTarget, setLinkTarget] = useState('');
  const pasteUpload = usePastedPictures();
  const insertLink = () => {
    const site = sites.find((s) => s.id === linkTarget);
    if (!site) return;
    const label = site.name.replace(/[[\]]/g, '');
    const glue = content && !content.endsWith('\n') ? '\n' : '';
    form.update({
      name: fields.content.name,
      value: `${content}${glue}[${label}](sakura-site://${site.id})`,
    });
  };
  return (
    <EditorForm form={form} {...frame} sticky>
      <EditorSection id="note-text" title={t('editor.note.section')}>
        <FormField {...text('title')} field={fields.title} autoComplete="off" />
        <IconFields url={fields.iconUrl} />
        <FormTextarea
          label={t('editor.note.content')}
          field={fields.content}
          className="note-content"
          rows={14}
          spellCheck
          onPaste={pasteUpload.onPaste}
          onDrop={pasteUpload.onDrop}
          hint={
            <>
              {t('editor.note.markdownHint')} {t('editor.note.linkHint')}{' '}
              <code className="editor-code">[name](sakura-site://&lt;cardId&gt;)</code>
            </>
          }
        />
        {pasteUpload.status ? (
          <p className="field-hint" role="status">
            {pasteUpload.status}
          </p>
        ) : null}
        {hydrated && sites.length ? (
          <div className="note-link-helper">
            <label htmlFor="note-link-site">{t('editor.note.insertLink')}</label>
            <select id="note-link-site" value={linkTarget} onChange={(e) => setLinkTarget(e.target.value)}>
              <option value="">{t('editor.site.chooseSite')}</option>
              <OptionList items={sites} />
            </select>
            <button type="button" className="button button-small" onClick={insertLink} disabled={!linkTarget}>
              {t('editor.note.insert')}
            </button>
          </div>
        ) : null}
      </EditorSection>
      <EditorSection
        id="note-preview"
        title={t('editor.note.preview')}
        description={hydrated ? t('editor.note.livePreview') : t('editor.note.previewHint')}
        actions={
          hydrated ? null : (
            <button type="submit" name="intent" value="preview" className="button button-small">
              <EyeIcon size={16} />
              {t('editor.note.previewButton')}
            </button>
          )
        }
      >
        {html ? (
          <div className="markdown-body note-preview" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="editor-empty">{t('editor.note.previewEmpty')}</p>
        )}
      </EditorSection>
    </EditorForm>
  );
}

/**
 * Pictures pasted or dropped into the text are uploaded (POST /api/note-cards/upload-image) and their Markdown put
 * at the cursor; the note is saved with the form as usual.
 */
function usePastedPictures() {
  const { t } = useTranslation();
  const root = useRootData();
  const [status, setStatus] = useState<string | null>(null);
  const upload = (textarea: HTMLTextAreaElement, files: File[]) => {
    for (const file of files) {
      const body = new FormData();
      body.append('file', file);
      setStatus(t('files.uploading', { percent: 0 }));
      uploadWithProgress<{ url: string }>('/api/note-cards/upload-image', body, root?.csrfToken ?? '', (p) =>
        setStatus(t('files.uploading', { percent: p })),
      ).then(
        (res) => {
          setStatus(null);
          insertIntoTextarea(textarea, noteMarkdown('image', file.name, res.url));
        },
        (err: Error) => setStatus(err.message || t('settings.errors.network')),
      );
    }
  };
  const pictures = (list: FileList | undefined | null) =>
    [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
  return {
    status,
    onPaste: (e: React.ClipboardEvent<HTMLTextAreaElement>) => {
      const files = pictures(e.clipboardData?.files);
      if (!files.length) return;
      e.preventDefault();
      upload(e.currentTarget, files);
    },
    onDrop: (e: React.DragEvent<HTMLTextAreaElement>) => {
      const files = pictures(e.dataTransfer?.files);
      if (!files.length) return;
      e.preventDefault();
      upload(e.currentTarget, files);
    },
  };
}
