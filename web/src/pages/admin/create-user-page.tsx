import { Link, useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { newPasswordErrorsAt } from '../../components/credential-fields';
import { Field, Select } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';
import { USER_ROLES, useRefreshAdmin, type UserRole } from './admin-queries';

const FIELD_OF_CODE = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  USER_ALREADY_EXISTS: 'email',
  INVALID_EMAIL: 'email',
  ...newPasswordErrorsAt('password'),
};

function createUser(values: FormData) {
  const password = String(values.get('password') ?? '');
  return unwrap(
    authClient.admin.createUser({
      name: textOf(values, 'name'),
      email: textOf(values, 'email'),
      // Without a password the user has no credential account and signs in through a provider (docs/admin.md).
      ...(password ? { password } : {}),
      role: textOf(values, 'role') as UserRole,
    }),
  );
}

/** `/admin/users/new`: a user made by an admin (no verification mail is sent). */
export function CreateUserPage() {
  const navigate = useNavigate();
  const refresh = useRefreshAdmin();
  const form = useForm({
    submit: createUser,
    fieldOfCode: FIELD_OF_CODE,
    onSuccess: async ({ user }) => {
      await refresh();
      navigate(`/admin/users/${user.id}`);
    },
  });
  return (
    <Page title="Create a user" narrow>
      <p>
        <Link to="/admin">Back to users</Link>
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <Field label="Name" name="name" required autoComplete="off" error={form.fieldError('name')} />
        <Field label="Email" name="email" type="email" required autoComplete="off" error={form.fieldError('email')} />
        <Field
          label="Password"
          name="password"
          type="password"
          minLength={8}
          autoComplete="new-password"
          hint="At least 8 characters. Leave it empty for a user who signs in through another provider."
          error={form.fieldError('password')}
        />
        <Select label="Role" name="role" options={USER_ROLES} defaultValue="user" />
        <FormError message={form.formError} />
        <SubmitButton pending={form.pending}>Create user</SubmitButton>
      </form>
    </Page>
  );
}
