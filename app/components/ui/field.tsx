import { useId } from 'react';
import { useErrorText } from '~/lib/use-error-text';

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled input with its hint and errors wired up for assistive technology. */
export function Field({ label, errors, hint, id, className, ...input }: FieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {/* conform's props carry their own aria attributes (without the hint); ours win. */}
      <input
        {...input}
        id={inputId}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** Form-level errors (not tied to one field). */
export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <div className="form-errors" role="alert" id={id}>
      {errors.map((e) => (
        <p key={e}>{errorText(e)}</p>
      ))}
    </div>
  );
}

/** The error text of a field (translated), for controls laid out by hand. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {/* One line per rule broken, so two messages never read as one sentence. */}
      {errors.map((e) => (
        <span key={e}>{errorText(e)}</span>
      ))}
    </p>
  );
}
