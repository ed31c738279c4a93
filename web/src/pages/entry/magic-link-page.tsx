import { Link, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CLIENT_PATHS } from '../../client-paths';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { nextPath } from '../../components/require-session';
import { textOf, useForm } from '../../components/use-form';

/**
 * "Email me a sign-in link": the mailed link signs the browser in and lands at `next`; a used or expired link lands
 * on the error page, which explains it.
 */
export function MagicLinkPage() {
  const [search] = useSearchParams();
  const form = useForm({
    submit: (values) =>
      unwrap(
        authClient.signIn.magicLink({
          email: textOf(values, 'email'),
          callbackURL: nextPath(search),
          errorCallbackURL: CLIENT_PATHS.error,
        }),
      ),
    fieldOfCode: { INVALID_EMAIL: 'email' },
  });
  return (
    <Page title="Email me a sign-in link" narrow>
      {form.succeeded ? (
        // The same words whatever the address: the page must not tell which addresses have an account.
        <Notice>
          Check your mail: we have sent a sign-in link. It works once, for a few minutes; a newer link replaces it.
        </Notice>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <p>We will mail you a link that signs you in on this browser, with no password.</p>
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
        <Link to={`/sign-in?${search}`}>Back to sign in</Link>
      </p>
    </Page>
  );
}
