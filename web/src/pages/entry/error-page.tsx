import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { endedSocialSignIn, explainRedirectError } from '../../lib/redirect-errors';

/** The client's own page for the error codes the API redirects a browser with (`/error?error=CODE`). */
export function ErrorPage() {
  const [search] = useSearchParams();
  const code = search.get('error');
  const socialSignIn = endedSocialSignIn(code);
  return (
    <Page title={socialSignIn ? 'Sign-in did not complete' : 'Something went wrong'} narrow>
      <p role="alert">{explainRedirectError(code)}</p>
      {code && (
        <p className="hint">
          Error code: <code>{code}</code>
        </p>
      )}
      <p>{socialSignIn ? <Link to="/sign-in">Sign in again</Link> : <Link to="/">Return to the application</Link>}</p>
    </Page>
  );
}

export function NotFoundPage() {
  return (
    <Page title="Page not found" narrow>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/">Return to the application</Link>
      </p>
    </Page>
  );
}
