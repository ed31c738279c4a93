import { Link, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { Page } from '../../components/page';
import { explainRedirectError } from '../../lib/redirect-errors';
import { ResendVerification } from '../account/resend-verification';

export function EmailVerifiedPage() {
  const [search] = useSearchParams();
  const { data: session } = authClient.useSession();
  const error = search.get('error');
  if (error) {
    return (
      <Page title="Email verification failed" narrow>
        <p role="alert">{explainRedirectError(error)}</p>
        {session && !session.user.emailVerified ? (
          <ResendVerification email={session.user.email} />
        ) : (
          <p>
            <Link to="/sign-in">Sign in</Link> to ask for a new verification link.
          </p>
        )}
      </Page>
    );
  }
  return (
    <Page title="Email verified" narrow>
      <p>Thank you: your email address is confirmed.</p>
      <p>
        <Link to="/account">Go to your account</Link>
      </p>
    </Page>
  );
}
