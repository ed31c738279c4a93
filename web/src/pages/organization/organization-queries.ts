import { useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';

/** Query keys of the organization screens, in one place so that a change refreshes every screen it touches. */
export const ORGANIZATIONS = ['organizations'];
export const ACTIVE_ORGANIZATION = ['active-organization'];

/**
 * After a change of memberships or of the active organization: the lists, the active organization, and the
 * session (which names the active organization) are read again.
 */
export function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  const { refetch } = authClient.useSession();
  return async () => {
    await refetch();
    await queryClient.invalidateQueries({ queryKey: ORGANIZATIONS });
    await queryClient.invalidateQueries({ queryKey: ACTIVE_ORGANIZATION });
  };
}
