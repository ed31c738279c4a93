import { Link } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Page } from '../../components/page';
import { AddressForm } from './address-form';
import { RESET_PASSWORD_PAGE } from './reset-password-page';

export function ForgotPasswordPage() {
  return (
    <Page title="Forgot your password?" narrow>
      <AddressForm
        intro="Enter the email address of your account and we will mail you a link to choose a new password."
        submitLabel="Send the link"
        send={(email) => unwrap(authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PAGE }))}
        // The same words whether or not the address has an account: the page must not tell which addresses do.
        sent="If an account uses that address, we have sent it a link to choose a new password. The link works for an hour."
      />
      <p>
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </Page>
  );
}
