import {
  getInputProps,
  getTextareaProps,
  getSelectProps,
  useForm,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z, ZodType } from 'zod';

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

/** A form checked in the browser by the zod schema its action parses: on blur, then on every input once shown. */
export function useZodForm<S extends ZodType>(
  schema: S,
  options: { id?: string; lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, unknown> },
) {
  return useForm<z.input<S> & Record<string, unknown>>({
    ...options,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as Submission<z.input<S> & Record<string, unknown>, string[]>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
}
