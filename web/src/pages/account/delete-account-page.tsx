import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CurrentPasswordField } from '../../components/credential-fields';
import { Checkbox } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { useForm } from '../../components/use-form';

const GOODBYE = '/goodbye';
/** The answer when DELETE_USER_SEND_VERIFICATION is on: the account stays until the mailed link is followed. */
const MAILED = 'Verification email sent';

export function DeleteAccountPage() {
  const navigate = useNavigate();
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.deleteUser({ password: String(values.get('password')), callbackURL: GOODBYE })),
    fieldOfCode: { INVALID_PASSWORD: 'password' },
    onSuccess: (answer) => {
      if (answer?.message !== MAILED) navigate(GOODBYE);
    },
  });
  return (
    <Page title="Delete account">
      {form.succeeded ? (
        <Notice>Follow the link we have mailed you to delete your account.</Notice>
      ) : (
        <>
          <p>This removes your account, your sessions and your sign-in methods for good.</p>
          <form onSubmit={form.onSubmit} noValidate>
            <CurrentPasswordField label="Password" name="password" error={form.fieldError('password')} />
            <Checkbox label="I understand that this cannot be undone" name="confirm" required />
            <FormError message={form.formError ?? form.fieldError('confirm')} />
            <SubmitButton pending={form.pending}>Delete my account</SubmitButton>
          </form>
        </>
      )}
    </Page>
  );
}

export function GoodbyePage() {
  return (
    <Page title="Account deleted" narrow>
      <p>Your account has been deleted. Thank you for having been with us.</p>
    </Page>
  );
}
