import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Select } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { USER_ROLES, useRefreshAdmin, type UserRole } from './admin-queries';
import { rolesOf, type AdminUserRow } from './user-display';

export function UserRoleSection({ user }: { user: AdminUserRow }) {
  const refresh = useRefreshAdmin();
  const form = useForm({
    submit: (values) => unwrap(authClient.admin.setRole({ userId: user.id, role: textOf(values, 'role') as UserRole })),
    onSuccess: refresh,
  });
  const current = rolesOf(user).includes('admin') ? 'admin' : 'user';
  return (
    <section aria-labelledby="role-heading">
      <h2 id="role-heading">Role</h2>
      <form onSubmit={form.onSubmit} noValidate aria-label="Role" className="row">
        <Select label={`Role of ${user.name}`} name="role" options={USER_ROLES} defaultValue={current} />
        <SubmitButton pending={form.pending}>Save role</SubmitButton>
      </form>
      <FormError message={form.formError} />
      {form.succeeded && <Notice>The role has been changed.</Notice>}
    </section>
  );
}
