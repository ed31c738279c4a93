import { type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { LabelledControl } from './field';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input (JSON, say), its hint and error tied to it for screen readers as Field's are. */
export function TextAreaField({ label, name, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <LabelledControl label={label} error={error} hint={hint}>
      {(binding) => <textarea {...binding} name={name} {...textarea} />}
    </LabelledControl>
  );
}
