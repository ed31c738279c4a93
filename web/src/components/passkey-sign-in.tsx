import { useMutation } from '@tanstack/react-query';
import { authClient } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { FormError } from './form-parts';
import { useFinishSignIn } from './use-finish-sign-in';

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site (discoverable credentials), so
 * no address is asked first. A passkey proves possession and the person's presence at once: no second factor.
 */
export function PasskeySignIn() {
  const finish = useFinishSignIn();
  const signIn = useMutation({
    mutationFn: async () => finish(await unwrap(authClient.signIn.passkey())),
  });
  return (
    <section aria-labelledby="passkey-sign-in" className="passkey-sign-in">
      <h2 id="passkey-sign-in">Or use a passkey</h2>
      <button type="button" disabled={signIn.isPending} aria-busy={signIn.isPending} onClick={() => signIn.mutate()}>
        Sign in with a passkey
      </button>
      <FormError message={signIn.error?.message} />
    </section>
  );
}
