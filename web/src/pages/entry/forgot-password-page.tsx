import { Link } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';
import { RESET_PASSWORD_PAGE } from './reset-password-page';

export function ForgotPasswordPage() {
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.requestPasswordReset({ email: textOf(values, 'email'), redirectTo: RESET_PASSWORD_PAGE })),
    fieldOfCode: { INVALID_EMAIL: 'email' },
  });
  return (
    <Page title="Forgot your password?" narrow>
      {form.succeeded ? (
        // The same words whether or not the address has an account: the page must not tell which addresses do.
        <Notice>
          If an account uses that address, we have sent it a link to choose a new password. The link works for an hour.
        </Notice>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <p>Enter the email address of your account and we will mail you a link to choose a new password.</p>
          <Field
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            error={form.fieldError('email')}
          />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending}>Send the link</SubmitButton>
        </form>
      )}
      <p>
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </Page>
  );
}
