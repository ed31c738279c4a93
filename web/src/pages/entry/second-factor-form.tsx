import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CodeField } from '../../components/code-field';
import { Checkbox } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { useFinishSignIn } from '../../components/use-finish-sign-in';
import { textOf, useForm } from '../../components/use-form';
import {
  digitsOfCode,
  endsSignInAttempt,
  normaliseBackupCode,
  type SecondFactorMethod,
} from '../../lib/one-time-codes';

/** A wrong code belongs to the code field; the challenge's end (tries used up, expired, locked) to the form. */
const FIELD_OF_CODE = { INVALID_CODE: 'code', INVALID_BACKUP_CODE: 'code', OTP_HAS_EXPIRED: 'code' };

const LABELS: Record<SecondFactorMethod, string> = {
  totp: 'Code from your authenticator app',
  otp: 'Code from the mail',
  backup: 'Backup code',
};

function verify(method: SecondFactorMethod, values: FormData) {
  const code = textOf(values, 'code');
  const trustDevice = values.get('trustDevice') === 'on';
  switch (method) {
    case 'totp':
      return unwrap(authClient.twoFactor.verifyTotp({ code: digitsOfCode(code), trustDevice }));
    case 'otp':
      return unwrap(authClient.twoFactor.verifyOtp({ code: digitsOfCode(code), trustDevice }));
    case 'backup':
      return unwrap(authClient.twoFactor.verifyBackupCode({ code: normaliseBackupCode(code), trustDevice }));
  }
}

/** The mailed code is sent on request only: opening the screen must not mail anyone. */
function SendCode() {
  const send = useMutation({ mutationFn: () => unwrap(authClient.twoFactor.sendOtp()) });
  return (
    <div className="send-code">
      {send.isSuccess && <Notice>We have mailed you a code. It works for 3 minutes; a new one replaces it.</Notice>}
      <FormError message={send.error?.message} />
      <button type="button" disabled={send.isPending} aria-busy={send.isPending} onClick={() => send.mutate()}>
        {send.isSuccess ? 'Send a new code' : 'Email me a code'}
      </button>
    </div>
  );
}

/** One way of passing the second step: the code, and whether this browser may skip the step for 30 days. */
export function SecondFactorForm({ method }: { method: SecondFactorMethod }) {
  const finish = useFinishSignIn();
  const form = useForm({
    submit: async (values) => finish(await verify(method, values)),
    fieldOfCode: FIELD_OF_CODE,
  });
  return (
    <>
      {method === 'otp' && <SendCode />}
      <form onSubmit={form.onSubmit} noValidate>
        <CodeField label={LABELS[method]} backup={method === 'backup'} error={form.fieldError('code')} />
        <Checkbox label="Trust this device for 30 days" name="trustDevice" />
        <FormError message={form.formError} />
        {endsSignInAttempt(form.errorCode, method) ? (
          <p>
            <Link to="/sign-in">Sign in again</Link>
          </p>
        ) : (
          <SubmitButton pending={form.pending}>Verify</SubmitButton>
        )}
      </form>
    </>
  );
}
