// The labelled controls bound to a conform field: each passes the field's props, its key (so a reset remounts the
// control with the new default) and its errors, so a form names the field once instead of wiring three props by hand.
import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { ColourField, Field, SelectField, SwitchField, TextareaField } from '~/components/ui/field';
import { inputProps, selectProps, textareaProps } from '~/lib/conform';

type Meta = FieldMetadata<any, any, any>;
type Bound<P> = Omit<P, 'errors' | 'name' | 'form'> & { field: Meta };

type InputType = 'text' | 'password' | 'number' | 'email' | 'url' | 'search';

/** A text-like input (text by default; password, number, url…). */
export function FormField({
  field,
  type = 'text',
  ...props
}: Bound<React.ComponentProps<typeof Field>> & { type?: InputType }) {
  return <Field {...inputProps(field, { type })} key={field.key} errors={field.errors} {...props} />;
}

export function FormTextarea({ field, ...props }: Bound<React.ComponentProps<typeof TextareaField>>) {
  return <TextareaField {...textareaProps(field)} key={field.key} errors={field.errors} {...props} />;
}

export function FormSelect({ field, ...props }: Bound<React.ComponentProps<typeof SelectField>>) {
  return <SelectField {...selectProps(field)} key={field.key} errors={field.errors} {...props} />;
}

/** A boolean switch (a checkbox has no error of its own to show). */
export function FormSwitch({ field, ...props }: Bound<React.ComponentProps<typeof SwitchField>>) {
  return <SwitchField {...inputProps(field, { type: 'checkbox' })} key={field.key} {...props} />;
}

/** A colour as text; the swatch shows the field's value unless `current` says otherwise. */
export function FormColour({ field, ...props }: Bound<React.ComponentProps<typeof ColourField>>) {
  return (
    <ColourField
      {...inputProps(field, { type: 'text' })}
      key={field.key}
      current={field.value as string | undefined}
      errors={field.errors}
      {...props}
    />
  );
}

/**
 * The label and hint of a field whose texts follow the convention `<prefix>.<name>` and `<prefix>.<name>Hint`:
 * `<FormSwitch {...text('pinned')} field={fields.pinned} />`.
 */
export function useFieldText(prefix: string) {
  const { t } = useTranslation();
  return (name: string, values?: Record<string, unknown>) => ({
    label: t(`${prefix}.${name}`),
    hint: t(`${prefix}.${name}Hint`, values),
  });
}
