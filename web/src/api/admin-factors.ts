import { authClient } from './auth-client';
import { unwrap } from './api-error';

/** A user's second factors as an admin sees them (GET /admin/two-factor). */
export interface UserFactors {
  twoFactorEnabled: boolean;
  methods: ('totp' | 'otp' | 'backup-code')[];
  backupCodesLeft: number;
}

/** A user's passkey as the admin's list gives it (POST /admin/list-user-passkeys). */
export interface AdminPasskey {
  id: string;
  name?: string | null;
  createdAt: string;
}

// The client has no methods for these admin endpoints of ours (beyond the reference's admin plugin): its fetch.

export const fetchUserFactors = (userId: string) =>
  unwrap(authClient.$fetch<UserFactors>('/admin/two-factor', { method: 'GET', query: { userId } }));

export const resetUserTwoFactor = (userId: string) =>
  unwrap(authClient.$fetch<unknown>('/admin/reset-two-factor', { method: 'POST', body: { userId } }));

export const fetchUserPasskeys = (userId: string) =>
  unwrap(
    authClient.$fetch<{ passkeys: AdminPasskey[] }>('/admin/list-user-passkeys', { method: 'POST', body: { userId } }),
  ).then((answer) => answer.passkeys);

export const removeUserPasskey = (userId: string, passkeyId: string) =>
  unwrap(authClient.$fetch<unknown>('/admin/remove-user-passkey', { method: 'POST', body: { userId, passkeyId } }));
