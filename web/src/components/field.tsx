import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlBinding {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

interface LabelledControlProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (binding: ControlBinding) => ReactNode;
}

/** A label, a hint and an error around one control, tied to it for screen readers. */
export function LabelledControl({ label, error, hint, children }: LabelledControlProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  return (
    <LabelledControl label={label} error={error} hint={hint}>
      {(binding) => <input {...binding} name={name} {...input} />}
    </LabelledControl>
  );
}

/** A checkbox with its label after it, as people expect. */
export function Checkbox({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...input} /> {label}
    </label>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  /** What a person reads for a value, when not the value itself. */
  labels?: Readonly<Record<string, string>>;
}

/** A labelled choice among a few plain values (roles). */
export function Select({ label, options, labels, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}
