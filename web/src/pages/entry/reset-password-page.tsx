import { Link, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { NewPasswordField, newPasswordErrorsAt } from '../../components/credential-fields';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { useForm } from '../../components/use-form';
import { explainRedirectError } from '../../lib/redirect-errors';

/** Where the mailed reset link sends the browser, with `?token=…` or `?error=INVALID_TOKEN`. */
export const RESET_PASSWORD_PAGE = '/reset-password';

function ResetForm({ token }: { token: string }) {
  const form = useForm({
    submit: (values) => unwrap(authClient.resetPassword({ token, newPassword: String(values.get('newPassword')) })),
    fieldOfCode: newPasswordErrorsAt('newPassword'),
  });
  if (form.succeeded) {
    return (
      <Notice>
        Your password has been changed and every device signed out. <Link to="/sign-in">Sign in</Link> with the new
        password.
      </Notice>
    );
  }
  const linkBroken = form.errorCode === 'INVALID_TOKEN';
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <NewPasswordField label="New password" name="newPassword" error={form.fieldError('newPassword')} />
      <FormError message={linkBroken ? explainRedirectError('INVALID_TOKEN') : form.formError} />
      <SubmitButton pending={form.pending}>Set the new password</SubmitButton>
    </form>
  );
}

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  if (token) {
    return (
      <Page title="Choose a new password" narrow>
        <ResetForm token={token} />
      </Page>
    );
  }
  return (
    <Page title="This reset link does not work" narrow>
      <p role="alert">{explainRedirectError(search.get('error') ?? 'INVALID_TOKEN')}</p>
      <p>
        Reset links work once, for an hour, and only the newest one you asked for.{' '}
        <Link to="/forgot-password">Ask for a new link</Link>.
      </p>
    </Page>
  );
}
