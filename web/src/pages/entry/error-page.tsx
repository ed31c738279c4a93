import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { explainRedirectError } from '../../lib/redirect-errors';

/** The client's own page for the error codes the API redirects a browser with (`/error?error=CODE`). */
export function ErrorPage() {
  const [search] = useSearchParams();
  const code = search.get('error');
  return (
    <Page title="Something went wrong" narrow>
      <p role="alert">{explainRedirectError(code)}</p>
      {code && (
        <p className="hint">
          Error code: <code>{code}</code>
        </p>
      )}
      <p>
        <Link to="/">Return to the application</Link>
      </p>
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
