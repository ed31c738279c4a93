import { Link, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CLIENT_PATHS } from '../../client-paths';
import { Page } from '../../components/page';
import { nextPath } from '../../components/require-session';
import { AddressForm } from './address-form';

/**
 * "Email me a sign-in link": the mailed link signs the browser in and lands at `next`; a used or expired link lands
 * on the error page, which explains it.
 */
export function MagicLinkPage() {
  const [search] = useSearchParams();
  const send = (email: string) =>
    unwrap(authClient.signIn.magicLink({ email, callbackURL: nextPath(search), errorCallbackURL: CLIENT_PATHS.error }));
  return (
    <Page title="Email me a sign-in link" narrow>
      <AddressForm
        intro="We will mail you a link that signs you in on this browser, with no password."
        submitLabel="Send the link"
        send={send}
        // The same words whatever the address: the page must not tell which addresses have an account.
        sent="Check your mail: we have sent a sign-in link. It works once, for a few minutes; a newer link replaces it."
      />
      <p>
        <Link to={`/sign-in?${search}`}>Back to sign in</Link>
      </p>
    </Page>
  );
}
