// Labelled form controls wired for assistive technology. Props passed by the caller (conform's among them) are
// spread first; the ids and aria attributes here (which also point at the hint) win.
import { useId } from 'react';
import { safeColour } from '#server/css/colour.shared';
import { useErrorText } from '~/lib/use-error-text';

interface ControlBase {
  label: string;
  hint?: React.ReactNode;
  errors?: string[];
  id?: string;
  className?: string;
}

type Aria = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** Separates what frames a control (label, hint, errors…) from the attributes of the control itself. */
function split<P extends ControlBase>({ label, hint, errors, id, className, ...control }: P) {
  return [{ label, hint, errors, id, className }, control] as const;
}

function useControlIds(id: string | undefined, hint: unknown, errors: string[] | undefined) {
  const fallback = useId();
  const inputId = id ?? fallback;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  const aria: Aria = {
    id: inputId,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return { hintId, errorId, aria };
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

/** The frame every labelled control shares: label, the control (given its id and aria attributes), hint, errors. */
function Labelled({
  label,
  hint,
  errors,
  id,
  className,
  frame = 'field',
  children,
}: ControlBase & { frame?: string; children: (aria: Aria) => React.ReactNode }) {
  const ids = useControlIds(id, hint, errors);
  const hintAndError = <HintAndError {...ids} hint={hint} errors={errors} />;
  const labelTag = <label htmlFor={ids.aria.id}>{label}</label>;
  return (
    <div className={`${frame}${className ? ` ${className}` : ''}`}>
      {frame === 'switch-field' ? (
        <>
          {children(ids.aria)}
          <div className="switch-text">
            {labelTag}
            {hintAndError}
          </div>
        </>
      ) : (
        <>
          {labelTag}
          {children(ids.aria)}
          {hintAndError}
        </>
      )}
    </div>
  );
}

/** A labelled input with its hint and errors. */
export function Field(props: ControlBase & React.ComponentProps<'input'>) {
  const [base, input] = split(props);
  return <Labelled {...base}>{(aria) => <input {...input} {...aria} />}</Labelled>;
}

export function TextareaField(props: ControlBase & React.ComponentProps<'textarea'>) {
  const [base, textarea] = split(props);
  return <Labelled {...base}>{(aria) => <textarea {...textarea} {...aria} />}</Labelled>;
}

/** A drop-down of `options` (label shown, value sent). */
export function SelectField({
  options,
  ...props
}: ControlBase & React.ComponentProps<'select'> & { options: { value: string; label: string }[] }) {
  const [base, select] = split(props);
  return (
    <Labelled {...base}>
      {(aria) => (
        <select {...select} {...aria}>
          <OptionList items={options.map((o) => ({ id: o.value, name: o.label }))} />
        </select>
      )}
    </Labelled>
  );
}

/** A checkbox drawn as a switch, with its label and an explanation. */
export function SwitchField(props: ControlBase & React.ComponentProps<'input'>) {
  const [base, input] = split(props);
  return (
    <Labelled {...base} frame="switch-field">
      {(aria) => <input {...input} {...aria} type="checkbox" className="switch" />}
    </Labelled>
  );
}

/** A colour as text (any CSS colour, e.g. `transparent`), with a swatch of the current value. */
export function ColourField({
  current,
  ...props
}: ControlBase & React.ComponentProps<'input'> & { current?: string | null }) {
  const [base, input] = split(props);
  const colour = safeColour(current);
  return (
    <Labelled {...base}>
      {(aria) => (
        <div className="colour-input">
          <span
            className={`colour-swatch${colour ? '' : ' colour-swatch-empty'}`}
            style={colour ? { background: colour } : undefined}
            aria-hidden="true"
          />
          <input {...input} {...aria} type="text" spellCheck={false} autoComplete="off" />
        </div>
      )}
    </Labelled>
  );
}

/** The `<option>`s of a list of things to choose from (a tag, a site, a search engine…). */
export function OptionList({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
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
