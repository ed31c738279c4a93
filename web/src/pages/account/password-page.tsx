import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Checkbox, Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { useForm } from '../../components/use-form';

const FIELD_OF_CODE = {
  INVALID_PASSWORD: 'currentPassword',
  PASSWORD_TOO_SHORT: 'newPassword',
  PASSWORD_TOO_LONG: 'newPassword',
  PASSWORD_COMPROMISED: 'newPassword',
  PASSWORD_CONTAINS_CONTEXT_WORD: 'newPassword',
};

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
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          required
          autoComplete="current-password"
          error={form.fieldError('currentPassword')}
        />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          hint="At least 8 characters."
          error={form.fieldError('newPassword')}
        />
        <Checkbox label="Sign out my other devices" name="revokeOtherSessions" defaultChecked />
        <FormError message={form.formError} />
        {form.succeeded && <Notice>Your password has been changed.</Notice>}
        <SubmitButton pending={form.pending}>Change password</SubmitButton>
      </form>
    </Page>
  );
}
