import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { CsrfInput } from '~/components/csrf-input';
import { FormErrors } from '~/components/ui/field';
import { DefaultSubmit, SaveBar } from './editor-shell';

/** What an editor page hands its form: the values to start from, the action's answer, and the frame's links. */
export interface EditorPageProps<D, R = SubmissionResult<string[]>> extends EditorFrameProps {
  defaultValue: D;
  lastResult: R | undefined;
}

/** Where the editor returns to, its delete link (a tag) or delete action (a card), and whether it creates. */
interface EditorFrameProps {
  returnTo: string;
  deleteHref?: string;
  deleteAction?: string;
  isNew: boolean;
}

/**
 * The frame of every editor form: a plain POST that works without JavaScript, Enter submits the save action, the CSRF
 * and return fields, the form-level errors, the sections (children) and the save bar.
 */
export function EditorForm<V extends Record<string, unknown>>({
  form,
  returnTo,
  isNew,
  deleteHref,
  deleteAction,
  sticky,
  hidden,
  beforeErrors,
  multipart,
  children,
}: EditorFrameProps & {
  form: FormMetadata<V, string[]>;
  sticky?: boolean;
  /** The form carries a file input (sent as multipart/form-data; the CSRF field comes before the file). */
  multipart?: boolean;
  /** Extra hidden fields, name -> value. */
  hidden?: Record<string, string>;
  /** Rendered between the hidden fields and the form-level errors (e.g. a section index). */
  beforeErrors?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitLabel = t(isNew ? 'editor.create' : 'editor.save');
  const deleteForm = deleteAction ? `${form.id}-delete` : undefined;
  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        encType={multipart ? 'multipart/form-data' : undefined}
        className="editor-form"
      >
        <DefaultSubmit label={submitLabel} />
        <CsrfInput />
        <input type="hidden" name="returnTo" value={returnTo} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {beforeErrors}
        <FormErrors errors={form.errors} id={form.errorId} />
        {children}
        <SaveBar
          returnTo={returnTo}
          submitLabel={submitLabel}
          busy={navigation.state === 'submitting'}
          deleteHref={deleteHref}
          deleteForm={deleteForm}
          sticky={sticky}
        />
      </Form>
      {deleteForm ? (
        // Outside the editor's form (forms do not nest); its button sits in the save bar (`form=`). A document post:
        // the deleted card's editor must not be revalidated.
        <form id={deleteForm} method="post" action={deleteAction} hidden>
          <CsrfInput />
          <input type="hidden" name="returnTo" value={returnTo} />
        </form>
      ) : null}
    </>
  );
}
