import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { FormError } from './form-parts';

/**
 * Shown above every screen while an admin acts as someone else (the session carries `impersonatedBy`), so that
 * they never forget whose account they are changing; stopping returns to the admin's own session.
 */
export function ImpersonationBanner() {
  const navigate = useNavigate();
  const { data: session, refetch } = authClient.useSession();
  const stop = useMutation({
    // As when it started (see UserImpersonateSection): the admin's session is read before the next screen. The
    // user's id is taken first: once the session is the admin's again, this component renders with theirs.
    mutationFn: async (userId: string) => {
      await unwrap(authClient.admin.stopImpersonating({}, { disableSignal: true }));
      await refetch();
      return userId;
    },
    onSuccess: (userId) => navigate(`/admin/users/${userId}`),
  });
  if (!session?.session.impersonatedBy) return null;
  return (
    <section className="impersonation-banner" aria-label="You are impersonating">
      <p>
        You are impersonating <strong>{session.user.name}</strong> ({session.user.email}). What you do here is done as
        them.
      </p>
      <FormError message={stop.error?.message} />
      <button type="button" onClick={() => stop.mutate(session.user.id)} disabled={stop.isPending}>
        Stop impersonating
      </button>
    </section>
  );
}
