import { Link, useNavigate, useSearchParams } from 'react-router';
import { CLIENT_PATHS } from '../../client-paths';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import {
  NewPasswordField,
  UsernameField,
  newPasswordErrorsAt,
  usernameErrorsAt,
} from '../../components/credential-fields';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { SocialSignIn } from '../../components/social-sign-in';
import { nextPath } from '../../components/require-session';
import { textOf, useForm } from '../../components/use-form';

const FIELD_OF_CODE = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  ...newPasswordErrorsAt('password'),
  ...usernameErrorsAt('username'),
};

export function SignUpPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { refetch } = authClient.useSession();
  const form = useForm({
    // As after sign-in: the session is read again before the account page shows.
    submit: (values) => {
      const username = textOf(values, 'username');
      return unwrap(
        authClient.signUp.email({
          name: textOf(values, 'name'),
          email: textOf(values, 'email'),
          password: String(values.get('password')),
          ...(username ? { username } : {}),
          callbackURL: CLIENT_PATHS.emailVerified,
        }),
      ).then(() => refetch());
    },
    fieldOfCode: FIELD_OF_CODE,
    onSuccess: () => navigate(nextPath(search), { replace: true }),
  });
  return (
    <Page title="Create your account" narrow>
      <form onSubmit={form.onSubmit} noValidate>
        <Field label="Name" name="name" required autoComplete="name" error={form.fieldError('name')} />
        <Field label="Email" name="email" type="email" required autoComplete="email" error={form.fieldError('email')} />
        <NewPasswordField label="Password" name="password" error={form.fieldError('password')} />
        <UsernameField
          label="Username (optional)"
          name="username"
          hint="You can sign in with it instead of your email."
          error={form.fieldError('username')}
        />
        <FormError message={form.formError} />
        <SubmitButton pending={form.pending}>Sign up</SubmitButton>
      </form>
      <SocialSignIn next={nextPath(search)} />
      <p>
        Already have an account? <Link to={`/sign-in?${search}`}>Sign in</Link>
      </p>
    </Page>
  );
}
