import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useNavigation } from 'react-router';
import type { ZodType } from 'zod';
import { FormErrors } from '~/components/ui/field';
import { PostForm } from '~/components/ui/post-form';
import { useZodForm } from '~/lib/conform';

/** The fields of a form checked by `S`. */
export type AuthFields<S extends ZodType> = ReturnType<typeof useZodForm<S>>[1];

/**
 * The form of an auth card (setup, sign-in, registration), checked in the browser by the schema its action parses:
 * its errors, the fields `children` draws, and one full-width submit button.
 */
export function AuthForm<S extends ZodType>({
  schema,
  id,
  lastResult,
  intent,
  values,
  submitLabel,
  children,
}: {
  schema: S;
  id?: string;
  lastResult?: SubmissionResult<string[]>;
  intent?: string;
  values?: Record<string, string>;
  submitLabel: string;
  children: (fields: AuthFields<S>) => React.ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(schema, { id, lastResult });
  return (
    <PostForm {...getFormProps(form)} className="stack" intent={intent} values={values}>
      <FormErrors errors={form.errors} id={form.errorId} />
      {children(fields)}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={navigation.state === 'submitting'}
      >
        {submitLabel}
      </button>
    </PostForm>
  );
}
