import type { ReactNode } from 'react';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';

interface AddressFormProps {
  /** What the mail will do, above the field. */
  intro: string;
  submitLabel: string;
  /** Asks the server to mail the address. */
  send: (email: string) => Promise<unknown>;
  /** Replaces the form once the mail is sent; without it the page moves on by itself, through `onSent`. */
  sent?: ReactNode;
  onSent?: (email: string) => void;
}

/** The first step of the pages that mail something to an address: the address, and the server's error. */
export function AddressForm({ intro, submitLabel, send, sent, onSent }: AddressFormProps) {
  const form = useForm({
    submit: async (values) => {
      const email = textOf(values, 'email');
      await send(email);
      return email;
    },
    fieldOfCode: { INVALID_EMAIL: 'email' },
    onSuccess: onSent,
  });
  if (form.succeeded && sent) return <Notice>{sent}</Notice>;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p>{intro}</p>
      <Field label="Email" name="email" type="email" required autoComplete="email" error={form.fieldError('email')} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
