import { Link, useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CurrentPasswordField } from '../../components/credential-fields';
import { Checkbox } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { useForm } from '../../components/use-form';

/** Where the account's end lands: at once, or (through the callback URL) from the mailed link. */
const GOODBYE = '/goodbye';
/** The answer when DELETE_USER_SEND_VERIFICATION is on: the account stays until the mailed link is followed. */
const MAILED = 'Verification email sent';

/**
 * The mailed link deletes only in a browser signed in as its owner (elsewhere the API answers a bare 404), so the
 * note says where to open it.
 */
function MailedNotice({ email }: { email: string }) {
  return (
    <>
      <Notice>
        We have sent a confirmation link to <strong>{email}</strong>. Your account stays until you open it.
      </Notice>
      <p>
        Open the link in this browser while you are signed in: it deletes the account, signs you out and shows a last
        page. The link works for a limited time; if you change your mind, ignore the mail.
      </p>
      <p>
        <Link to="/account">Back to your profile</Link>
      </p>
    </>
  );
}

export function DeleteAccountPage() {
  const navigate = useNavigate();
  const { data: session } = authClient.useSession();
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.deleteUser({ password: String(values.get('password')), callbackURL: GOODBYE })),
    fieldOfCode: { INVALID_PASSWORD: 'password' },
    onSuccess: (answer) => {
      if (answer?.message !== MAILED) navigate(GOODBYE);
    },
  });
  const mailed = form.result?.message === MAILED;
  return (
    <Page title={mailed ? 'Check your mailbox' : 'Delete account'}>
      {mailed ? (
        <MailedNotice email={session?.user.email ?? 'your address'} />
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

/** The last page: the mailed link's callback URL, or where an immediate deletion goes. Nobody is signed in here. */
export function GoodbyePage() {
  return (
    <Page title="Account deleted" narrow>
      <p>Your account has been deleted, and you are signed out on every device.</p>
      <p>Thank you for having been with us.</p>
      <p>
        <Link to="/sign-up">Create a new account</Link>
      </p>
    </Page>
  );
}
