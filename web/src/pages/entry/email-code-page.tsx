import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CodeField } from '../../components/code-field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { useFinishSignIn } from '../../components/use-finish-sign-in';
import { textOf, useForm } from '../../components/use-form';
import { digitsOfCode } from '../../lib/one-time-codes';
import { AddressForm } from './address-form';

const sendCode = (email: string) => unwrap(authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }));

/** Step 2: the code from the mail, and a new code when it has expired or run out of tries. */
function CodeEntry({ email, onChangeAddress }: { email: string; onChangeAddress: () => void }) {
  const finish = useFinishSignIn();
  const resend = useMutation({ mutationFn: () => sendCode(email) });
  const form = useForm({
    submit: async (values) =>
      finish(await unwrap(authClient.signIn.emailOtp({ email, otp: digitsOfCode(textOf(values, 'code')) }))),
    fieldOfCode: { INVALID_OTP: 'code', OTP_EXPIRED: 'code' },
  });
  return (
    <>
      <Notice>
        We have sent a code to <strong>{email}</strong>. It works for a few minutes; a newer code replaces it.
      </Notice>
      <form onSubmit={form.onSubmit} noValidate>
        <CodeField label="Code from the mail" error={form.fieldError('code')} />
        <FormError message={form.formError ?? resend.error?.message} />
        <SubmitButton pending={form.pending}>Sign in</SubmitButton>
      </form>
      {resend.isSuccess && <Notice>A new code is on its way; the one before no longer works.</Notice>}
      <p className="actions">
        <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Send a new code
        </button>
        <button type="button" className="link-button" onClick={onChangeAddress}>
          Use another address
        </button>
      </p>
    </>
  );
}

/** "Email me a code": the address first, then the mailed code signs in (or asks for the second factor). */
export function EmailCodePage() {
  const [search] = useSearchParams();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <Page title="Email me a code" narrow>
      {email ? (
        <CodeEntry email={email} onChangeAddress={() => setEmail(null)} />
      ) : (
        <AddressForm
          intro="We will mail you a code to sign in with, no password needed."
          submitLabel="Send the code"
          send={sendCode}
          onSent={setEmail}
        />
      )}
      <p>
        <Link to={`/sign-in?${search}`}>Back to sign in</Link>
      </p>
    </Page>
  );
}
