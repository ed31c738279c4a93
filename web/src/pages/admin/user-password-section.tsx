import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { NewPasswordField, newPasswordErrorsAt } from '../../components/credential-fields';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { useForm } from '../../components/use-form';

export function UserPasswordSection({ userId }: { userId: string }) {
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.admin.setUserPassword({ userId, newPassword: String(values.get('newPassword') ?? '') })),
    fieldOfCode: newPasswordErrorsAt('newPassword'),
    resetOnSuccess: true,
  });
  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <form onSubmit={form.onSubmit} noValidate aria-label="Set password">
        <NewPasswordField label="New password" name="newPassword" error={form.fieldError('newPassword')} />
        <FormError message={form.formError} />
        {form.succeeded && <Notice>The password has been set; the user&apos;s sessions stay signed in.</Notice>}
        <SubmitButton pending={form.pending}>Set password</SubmitButton>
      </form>
    </section>
  );
}
