import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError } from '../../components/form-parts';

/** Act as the user for a while (at most an hour, never extended); the banner of every screen ends it. */
export function UserImpersonateSection({ userId, userName }: { userId: string; userName: string }) {
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const impersonate = useMutation({
    // The session is read again before leaving: the next screen must show the user, not the admin of a moment ago.
    // The client's own re-read (`disableSignal` turns it off) would start 10 ms later and cancel this one.
    mutationFn: async () => {
      await unwrap(authClient.admin.impersonateUser({ userId }, { disableSignal: true }));
      await refetch();
    },
    onSuccess: () => navigate('/account'),
  });
  return (
    <section aria-labelledby="impersonate-heading">
      <h2 id="impersonate-heading">Impersonation</h2>
      <p>See the application as {userName} sees it, for at most an hour. Everything you do is recorded as yours.</p>
      <FormError message={impersonate.error?.message} />
      <button type="button" onClick={() => impersonate.mutate()} disabled={impersonate.isPending}>
        Impersonate {userName}
      </button>
    </section>
  );
}
