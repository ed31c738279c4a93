import { Field } from './field';

interface CodeFieldProps {
  label: string;
  error?: string;
  /** A backup code has letters and a hyphen; the other codes are digits. */
  backup?: boolean;
}

/**
 * The one field of a one-time code, focused as its screen opens (typing the code is all there is to do there).
 * Browsers and password managers offer a code they received for `one-time-code`.
 */
export function CodeField({ label, error, backup }: CodeFieldProps) {
  return (
    <Field
      label={label}
      name="code"
      required
      autoFocus
      autoComplete={backup ? 'off' : 'one-time-code'}
      inputMode={backup ? 'text' : 'numeric'}
      spellCheck={false}
      maxLength={backup ? 20 : 12}
      hint={backup ? 'One of the codes you saved, like abcde-12345. Each works once.' : undefined}
      error={error}
    />
  );
}
