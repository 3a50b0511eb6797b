// Labelled form controls for the editors, wired for assistive technology like ui/field.tsx. conform's props are
// spread first; the ids and aria attributes here (which also point at the hint) win.
import { useId } from 'react';
import { FieldError } from '~/components/ui/field';

export { FieldError };
import { safeColour } from '#server/css/colour.shared';

interface ControlBase {
  label: string;
  hint?: React.ReactNode;
  errors?: string[];
  id?: string;
  className?: string;
}

function useControlIds(id: string | undefined, hint: unknown, errors: string[] | undefined) {
  const fallback = useId();
  const inputId = id ?? fallback;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  return {
    inputId,
    hintId,
    errorId,
    aria: {
      id: inputId,
      'aria-invalid': errorId ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
  };
}

function HintAndError(props: {
  hintId?: string;
  hint?: React.ReactNode;
  errorId?: string;
  errors?: string[];
}) {
  return (
    <>
      {props.hint ? (
        <p id={props.hintId} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={props.errorId} errors={props.errors} />
    </>
  );
}

export function TextareaField({
  label,
  hint,
  errors,
  id,
  className,
  ...textarea
}: ControlBase & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useControlIds(id, hint, errors);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.inputId}>{label}</label>
      <textarea {...textarea} {...ids.aria} />
      <HintAndError {...ids} hint={hint} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  errors,
  id,
  className,
  options,
  ...select
}: ControlBase &
  React.SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const ids = useControlIds(id, hint, errors);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.inputId}>{label}</label>
      <select {...select} {...ids.aria}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <HintAndError {...ids} hint={hint} errors={errors} />
    </div>
  );
}

/** A checkbox drawn as a switch, with its label and an explanation. */
export function SwitchField({
  label,
  hint,
  errors,
  id,
  className,
  ...input
}: ControlBase & React.InputHTMLAttributes<HTMLInputElement>) {
  const ids = useControlIds(id, hint, errors);
  return (
    <div className={`switch-field${className ? ` ${className}` : ''}`}>
      <input {...input} {...ids.aria} type="checkbox" className="switch" />
      <div className="switch-text">
        <label htmlFor={ids.inputId}>{label}</label>
        <HintAndError {...ids} hint={hint} errors={errors} />
      </div>
    </div>
  );
}

/** A colour as text (any CSS colour, e.g. `transparent`), with a swatch of the current value. */
export function ColourField({
  label,
  hint,
  errors,
  id,
  className,
  current,
  ...input
}: ControlBase & React.InputHTMLAttributes<HTMLInputElement> & { current?: string | null }) {
  const ids = useControlIds(id, hint, errors);
  const colour = safeColour(current);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.inputId}>{label}</label>
      <div className="colour-input">
        <span
          className={`colour-swatch${colour ? '' : ' colour-swatch-empty'}`}
          style={colour ? { background: colour } : undefined}
          aria-hidden="true"
        />
        <input {...input} {...ids.aria} type="text" spellCheck={false} autoComplete="off" />
      </div>
      <HintAndError {...ids} hint={hint} errors={errors} />
    </div>
  );
}
