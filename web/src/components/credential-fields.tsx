import { Field } from './field';

/** The server's codes about a new password or a username, for a form's FieldOfCode at the field named `field`. */
export const newPasswordErrorsAt = (field: string) => ({
  PASSWORD_TOO_SHORT: field,
  PASSWORD_TOO_LONG: field,
  PASSWORD_COMPROMISED: field,
  PASSWORD_CONTAINS_CONTEXT_WORD: field,
});

export const usernameErrorsAt = (field: string) => ({
  USERNAME_IS_ALREADY_TAKEN: field,
  USERNAME_TOO_SHORT: field,
  USERNAME_TOO_LONG: field,
  INVALID_USERNAME: field,
});

interface CredentialFieldProps {
  name: string;
  label: string;
  error?: string;
}

/** A password being chosen: the browser may suggest one, and checks the length the server asks by default. */
export function NewPasswordField(props: CredentialFieldProps) {
  return (
    <Field
      type="password"
      required
      minLength={8}
      autoComplete="new-password"
      hint="At least 8 characters; avoid a common or guessable password."
      {...props}
    />
  );
}

/** A password the person already has, typed to prove it is them. */
export function CurrentPasswordField(props: CredentialFieldProps) {
  return <Field type="password" required autoComplete="current-password" {...props} />;
}

/** A username, checked by the browser with the server's default rules. */
export function UsernameField({ hint, ...props }: CredentialFieldProps & { hint?: string; defaultValue?: string }) {
  return (
    <Field
      autoComplete="username"
      minLength={3}
      maxLength={30}
      pattern="[A-Za-z0-9_.]+"
      hint={`3 to 30 letters, digits, underscores or dots.${hint ? ` ${hint}` : ''}`}
      {...props}
    />
  );
}
