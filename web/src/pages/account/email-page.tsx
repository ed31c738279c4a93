import { authClient } from '../../api/auth-client';
import { CLIENT_PATHS } from '../../client-paths';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';

function ChangeEmailForm({ email, verified }: { email: string; verified: boolean }) {
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.changeEmail({ newEmail: textOf(values, 'newEmail'), callbackURL: CLIENT_PATHS.emailVerified })),
    fieldOfCode: { EMAIL_IS_THE_SAME: 'newEmail', INVALID_EMAIL: 'newEmail' },
  });
  return (
    <>
      <p>
        Your address is <strong>{email}</strong> ({verified ? 'verified' : 'not verified yet'}).
      </p>
      {form.succeeded ? (
        <Notice>
          {verified
            ? `To approve the change, follow the link we have sent to ${email}; the new address then gets a link of its own.`
            : 'Follow the link we have sent to the new address: it becomes your address once you do.'}
        </Notice>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <Field
            label="New email"
            name="newEmail"
            type="email"
            required
            autoComplete="email"
            error={form.fieldError('newEmail')}
          />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending}>Change email</SubmitButton>
        </form>
      )}
    </>
  );
}

export function EmailPage() {
  const { data: session } = authClient.useSession();
  return (
    <Page title="Email address">
      {session ? (
        <ChangeEmailForm email={session.user.email} verified={session.user.emailVerified} />
      ) : (
        <Loading what="your address" />
      )}
    </Page>
  );
}
