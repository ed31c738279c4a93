import { useMutation } from '@tanstack/react-query';
import { CLIENT_PATHS } from '../../client-paths';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError, Notice } from '../../components/form-parts';

/** Mails the signed-in user a new verification link. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => unwrap(authClient.sendVerificationEmail({ email, callbackURL: CLIENT_PATHS.emailVerified })),
  });
  if (resend.isSuccess) return <Notice>We have sent a new verification link to {email}.</Notice>;
  return (
    <>
      <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending}>
        Send a new verification link
      </button>
      <FormError message={resend.error?.message} />
    </>
  );
}
