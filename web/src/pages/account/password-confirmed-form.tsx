import type { ReactNode } from 'react';
import { CurrentPasswordField } from '../../components/credential-fields';
import { FormError, SubmitButton } from '../../components/form-parts';
import { useForm } from '../../components/use-form';

interface PasswordConfirmedFormProps<T> {
  /** The action, given the password typed. */
  submit: (password: string) => Promise<T>;
  onSuccess: (result: T) => void;
  button: string;
  children?: ReactNode;
}

/** A security change the password confirms (two-factor on or off, new backup codes): the server checks it. */
export function PasswordConfirmedForm<T>({ submit, onSuccess, button, children }: PasswordConfirmedFormProps<T>) {
  const form = useForm({
    submit: (values) => submit(String(values.get('password'))),
    fieldOfCode: { INVALID_PASSWORD: 'password' },
    onSuccess,
    resetOnSuccess: true,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={button}>
      {children}
      <CurrentPasswordField label="Your password" name="password" error={form.fieldError('password')} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending}>{button}</SubmitButton>
    </form>
  );
}
