import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { authClient } from '../api/auth-client';

/**
 * Drops every read of the API when the signed-in user changes (a sign-out noticed, impersonation started or
 * stopped): what was read for one person must not show to another, and the queries' keys do not name the user.
 */
export function useForgetOnUserChange(): void {
  const queryClient = useQueryClient();
  const { data, isPending } = authClient.useSession();
  const userId = data?.user.id ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (isPending) return;
    if (seen.current !== undefined && seen.current !== userId) void queryClient.resetQueries();
    seen.current = userId;
  }, [isPending, userId, queryClient]);
}
