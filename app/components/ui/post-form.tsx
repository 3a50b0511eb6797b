import { Form, type FormProps } from 'react-router';
import { CsrfInput } from '~/components/csrf-input';
import { Field } from './field';

interface PostFormProps extends Omit<FormProps, 'method'> {
  /** Which of the route action's operations this form asks for. */
  intent?: string;
  /** Further hidden fields, in order (e.g. the id of the row acted on). */
  values?: Record<string, string>;
}

/**
 * A state-changing form: a plain POST (so it works without JavaScript) carrying the CSRF token, then the intent and
 * the hidden fields, then its own controls.
 */
export function PostForm({ intent, values, children, ...form }: PostFormProps) {
  return (
    <Form method="post" {...form}>
      <CsrfInput />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {Object.entries(values ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/**
 * A form that is one small submit button: an action on one row of a list, whose `label` names the row it acts on
 * (the form is the row's `item-action` unless told otherwise).
 */
export function PostButton({
  label,
  tone = 'button-ghost',
  className = 'item-action',
  children,
  ...form
}: PostFormProps & { label: string; tone?: string }) {
  return (
    <PostForm className={className || undefined} {...form}>
      <button type="submit" className={`button button-small ${tone}`} aria-label={label}>
        {children}
      </button>
    </PostForm>
  );
}

/** The row that ends a form: its submit button; `tone` is the button's look (button-primary, button-small…). */
export function SubmitRow({
  label,
  tone = 'button-primary',
  disabled,
}: {
  label: string;
  tone?: string;
  disabled?: boolean;
}) {
  return (
    <div className="row">
      <button type="submit" className={tone ? `button ${tone}` : 'button'} disabled={disabled}>
        {label}
      </button>
    </div>
  );
}

/**
 * The end of a form whose action cannot be undone and asks for the signed-in user's password (reset, restore): the
 * password field and the danger button.
 */
export function PasswordConfirmRow({
  id,
  label,
  passwordLabel,
  hint,
  errors,
}: {
  id: string;
  label: string;
  passwordLabel: string;
  hint: string;
  errors?: string[];
}) {
  return (
    <>
      <Field
        id={id}
        label={passwordLabel}
        hint={hint}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        errors={errors}
      />
      <SubmitRow label={label} tone="button-danger" />
    </>
  );
}
