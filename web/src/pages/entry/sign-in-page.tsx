import { Link, useNavigate, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CurrentPasswordField } from '../../components/credential-fields';
import { Checkbox, Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { SocialSignIn } from '../../components/social-sign-in';
import { nextPath } from '../../components/require-session';
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
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { refetch } = authClient.useSession();
  const form = useForm({
    // The session is read again before leaving: the next page must not see the signed-out state of a moment ago.
    submit: (values) => signIn(values).then(() => refetch()),
    fieldOfCode: FIELD_OF_CODE,
    onSuccess: () => navigate(nextPath(search), { replace: true }),
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
      <SocialSignIn next={nextPath(search)} />
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={`/sign-up?${search}`}>Create an account</Link>
      </p>
    </Page>
  );
}
