import { Link, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CurrentPasswordField } from '../../components/credential-fields';
import { Checkbox, Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { PasskeySignIn } from '../../components/passkey-sign-in';
import { SocialSignIn } from '../../components/social-sign-in';
import { nextPath } from '../../components/require-session';
import { useFinishSignIn } from '../../components/use-finish-sign-in';
import { textOf, useForm } from '../../components/use-form';

const FIELD_OF_CODE = {
  INVALID_EMAIL: 'identifier',
  INVALID_EMAIL_OR_PASSWORD: 'password',
  INVALID_USERNAME_OR_PASSWORD: 'password',
};

/** One field for either: an address has an "@", a username never does. */
function signIn(values: FormData) {
  const identifier = textOf(values, 'identifier');
  const password = String(values.get('password'));
  const rememberMe = values.get('rememberMe') === 'on';
  return unwrap(
    identifier.includes('@')
      ? authClient.signIn.email({ email: identifier, password, rememberMe })
      : authClient.signIn.username({ username: identifier, password, rememberMe }),
  );
}

export function SignInPage() {
  const [search] = useSearchParams();
  const finish = useFinishSignIn();
  const form = useForm({
    // A two-factor account answers with a challenge instead of a session: finish() goes to its screen.
    submit: async (values) => finish(await signIn(values)),
    fieldOfCode: FIELD_OF_CODE,
  });
  return (
    <Page title="Sign in" narrow>
      <form onSubmit={form.onSubmit} noValidate>
        <Field
          label="Email or username"
          name="identifier"
          required
          autoComplete="username"
          error={form.fieldError('identifier')}
        />
        <CurrentPasswordField label="Password" name="password" error={form.fieldError('password')} />
        <Checkbox label="Remember me on this device" name="rememberMe" defaultChecked />
        <FormError message={form.formError} />
        <SubmitButton pending={form.pending}>Sign in</SubmitButton>
      </form>
      <PasskeySignIn />
      <SocialSignIn next={nextPath(search)} />
      <section aria-labelledby="no-password" className="no-password">
        <h2 id="no-password">Or get a link or a code by mail</h2>
        <ul className="plain">
          <li>
            <Link to={`/sign-in/link?${search}`}>Email me a sign-in link</Link>
          </li>
          <li>
            <Link to={`/sign-in/code?${search}`}>Email me a code</Link>
          </li>
        </ul>
      </section>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={`/sign-up?${search}`}>Create an account</Link>
      </p>
    </Page>
  );
}
