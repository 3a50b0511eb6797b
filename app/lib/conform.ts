import {
  getInputProps,
  getTextareaProps,
  getSelectProps,
  useForm,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { z, type ZodType } from 'zod';

type InputArgs = Parameters<typeof getInputProps>;

// conform's helpers return a `key`; React 19 warns when a key is spread into JSX, so it is split off here.
/** Input props for a conform field, without the `key` (pass `key={field.key}` separately). */
export function inputProps(...args: InputArgs) {
  const { key: _key, ...rest } = getInputProps(...args);
  return rest;
}

export function textareaProps(...args: Parameters<typeof getTextareaProps>) {
  const { key: _key, ...rest } = getTextareaProps(...args);
  return rest;
}

export function selectProps(...args: Parameters<typeof getSelectProps>) {
  const { key: _key, ...rest } = getSelectProps(...args);
  return rest;
}

/**
 * The one set-up of a page form: conform, checked in the browser by the zod schema its action parses (on blur, then
 * on every input once shown). `lookups` name submit buttons that ask the server for suggestions instead of saving
 * (the site editor's AI analysis and "Fetch details"): a post carrying one goes to the action as it is.
 */
export function useZodForm<
  S extends ZodType,
  /** The form's value type, when a component names it (the editors' `SiteFormValue`...). */
  V extends Record<string, unknown> = z.input<S> & Record<string, unknown>,
>(
  schema: S,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]>;
    defaultValue?: unknown;
    lookups?: readonly string[];
    /** Runs instead of the plain post once the browser's check passed (a form that sends its value elsewhere). */
    onSubmit?: Parameters<typeof useForm<V>>[0]['onSubmit'];
  },
) {
  const { lookups = [], ...rest } = options;
  return useForm<V>({
    ...rest,
    defaultValue: rest.defaultValue as never,
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: lookups.some((name) => formData.has(name)) ? z.any() : schema,
      }) as Submission<V, string[], V>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
}

/**
 * Every error message of a form pipeline's reply (form and field errors), for a page that shows them in one place
 * rather than beside fields (a confirm-only form, a row whose form is gone).
 */
export function replyMessages(result: SubmissionResult<string[]> | undefined): string[] {
  return Object.values(result?.error ?? {}).flatMap((errors) => errors ?? []);
}
