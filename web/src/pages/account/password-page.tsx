import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CurrentPasswordField, NewPasswordField, newPasswordErrorsAt } from '../../components/credential-fields';
import { Checkbox } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { useForm } from '../../components/use-form';

const FIELD_OF_CODE = { INVALID_PASSWORD: 'currentPassword', ...newPasswordErrorsAt('newPassword') };

export function PasswordPage() {
  const form = useForm({
    submit: (values) =>
      unwrap(
        authClient.changePassword({
          currentPassword: String(values.get('currentPassword')),
          newPassword: String(values.get('newPassword')),
          revokeOtherSessions: values.get('revokeOtherSessions') === 'on',
        }),
      ),
    fieldOfCode: FIELD_OF_CODE,
  });
  return (
    <Page title="Change password">
      <form onSubmit={form.onSubmit} noValidate>
        <CurrentPasswordField
          label="Current password"
          name="currentPassword"
          error={form.fieldError('currentPassword')}
        />
        <NewPasswordField label="New password" name="newPassword" error={form.fieldError('newPassword')} />
        <Checkbox label="Sign out my other devices" name="revokeOtherSessions" defaultChecked />
        <FormError message={form.formError} />
        {form.succeeded && <Notice>Your password has been changed.</Notice>}
        <SubmitButton pending={form.pending}>Change password</SubmitButton>
      </form>
    </Page>
  );
}
