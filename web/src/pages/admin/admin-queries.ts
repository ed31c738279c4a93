import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';

/** Every admin read starts with this key, so that one invalidation refreshes them after a change. */
export const ADMIN = ['admin'] as const;
export const adminUserKey = (userId: string) => [...ADMIN, 'user', userId];

/** The roles the server can store (docs/admin.md): set-role and create-user refuse any other. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN });
}

/**
 * Whether the signed-in user may manage users. Asked of the server rather than read from `user.role`: people
 * granted everything by ADMIN_USER_IDS or ADMIN_EMAILS keep the role `user`.
 */
export function useIsAdmin() {
  const { data: session } = authClient.useSession();
  const userId = session?.user.id;
  return useQuery({
    queryKey: [...ADMIN, 'permission', userId],
    queryFn: () =>
      unwrap(authClient.admin.hasPermission({ permissions: { user: ['list'] } })).then((answer) => answer.success),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}

/** One user as an admin sees them. */
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminUserKey(userId),
    queryFn: () => unwrap(authClient.admin.getUser({ query: { id: userId } })),
  });
}
