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
    mutationFn: () => unwrap(authClient.admin.stopImpersonating()).then(() => refetch()),
    onSuccess: () => navigate(session ? `/admin/users/${session.user.id}` : '/admin'),
  });
  if (!session?.session.impersonatedBy) return null;
  return (
    <section className="impersonation-banner" aria-label="Impersonation">
      <p>
        You are impersonating <strong>{session.user.name}</strong> ({session.user.email}). What you do here is done as
        them.
      </p>
      <FormError message={stop.error?.message} />
      <button type="button" onClick={() => stop.mutate()} disabled={stop.isPending}>
        Stop impersonating
      </button>
    </section>
  );
}
