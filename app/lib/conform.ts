import { getInputProps, getTextareaProps, getSelectProps } from '@conform-to/react';

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
