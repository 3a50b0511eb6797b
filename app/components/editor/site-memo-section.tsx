import { useTranslation } from 'react-i18next';
import { PlusIcon } from '~/components/icons';
import { inputProps } from '~/lib/conform';
import { EditorSection } from './editor-shell';
import { FieldError } from '~/components/ui/field';
import { RemoveRowButton } from './list-rows';
import type { SiteFields, SiteFormMeta } from './site-form-types';
import { FormTextarea, FormSwitch } from '~/components/ui/conform-fields';

/**
 * The card's memo: free notes and a todo list. Todos that notes keep on this card (they link to it) can be ticked,
 * but their text belongs to the note: they are shown read-only with a link to it.
 */
export function SiteMemoSection({
  form,
  fields,
  noteHref,
}: {
  form: SiteFormMeta;
  fields: SiteFields;
  noteHref: (noteId: string) => string;
}) {
  const { t } = useTranslation();
  const list = fields.siteTodos;
  const rows = list.getFieldList();
  const aiReadHint = t('editor.site.aiReadHint');
  return (
    <EditorSection id="memo" title={t('editor.site.memo')} description={t('editor.site.memoHint')}>
      <FormTextarea label={t('editor.site.notes')} field={fields.siteNotes} rows={5} />
      <FormSwitch label={t('editor.site.notesAi')} field={fields.siteNotesAiEnabled} hint={aiReadHint} />
      <div className="editor-subhead">
        <h3>{t('editor.site.todos')}</h3>
        <button
          className="button button-small"
          {...form.insert.getButtonProps({ name: list.name, defaultValue: { text: '', completed: false } })}
        >
          <PlusIcon size={16} />
          {t('editor.site.addTodo')}
        </button>
      </div>
      {rows.length === 0 ? <p className="editor-empty">{t('editor.site.noTodos')}</p> : null}
      <ol className="editor-rows editor-todos">
        {rows.map((row, index) => {
          const f = row.getFieldset();
          const noteId = typeof f.noteId.initialValue === 'string' ? f.noteId.initialValue : '';
          const label = t('editor.site.todo', { n: index + 1 });
          return (
            <li key={row.key} className={`editor-row editor-todo${noteId ? ' editor-todo-note' : ''}`}>
              {f.id.initialValue ? <input {...inputProps(f.id, { type: 'hidden' })} key={f.id.key} /> : null}
              <input
                {...inputProps(f.completed, { type: 'checkbox' })}
                key={f.completed.key}
                aria-label={t('editor.site.todoDone', { n: index + 1 })}
              />
              {noteId ? (
                <>
                  <input {...inputProps(f.noteId, { type: 'hidden' })} key={f.noteId.key} />
                  <input {...inputProps(f.text, { type: 'hidden' })} key={f.text.key} />
                  <span className="editor-todo-text">{String(f.text.initialValue ?? '')}</span>
                  <a className="badge badge-accent" href={noteHref(noteId)}>
                    {t('editor.site.fromNote')}
                  </a>
                </>
              ) : (
                <>
                  <div className="grow">
                    <input
                      {...inputProps(f.text, { type: 'text' })}
                      key={f.text.key}
                      aria-label={label}
                      placeholder={t('editor.site.todoPlaceholder')}
                    />
                    <FieldError id={f.text.errorId} errors={f.text.errors} />
                  </div>
                  <RemoveRowButton
                    control={form.remove.getButtonProps({ name: list.name, index })}
                    label={t('editor.site.removeTodo', { n: index + 1 })}
                  />
                </>
              )}
            </li>
          );
        })}
      </ol>
      <FieldError errors={list.errors} />
      <FormSwitch label={t('editor.site.todosAi')} field={fields.siteTodosAiEnabled} hint={aiReadHint} />
    </EditorSection>
  );
}
