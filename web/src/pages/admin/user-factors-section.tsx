import { useMutation, useQuery } from '@tanstack/react-query';
import {
  fetchUserFactors,
  fetchUserPasskeys,
  removeUserPasskey,
  resetUserTwoFactor,
  type UserFactors,
} from '../../api/admin-factors';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import { Loading } from '../../components/page';
import { ADMIN, useRefreshAdmin } from './admin-queries';
import { dateTime } from './user-display';

const METHOD_NAMES = { totp: 'authenticator app', otp: 'mailed code', 'backup-code': 'backup codes' };

function describeTwoFactor({ twoFactorEnabled, methods, backupCodesLeft }: UserFactors): string {
  if (!twoFactorEnabled) return 'off';
  const listed = methods.map((method) => METHOD_NAMES[method]).join(', ');
  return `on (${listed}; ${backupCodesLeft} backup codes left)`;
}

/**
 * The user's second factors: whether two-factor is on and with what, and their passkeys. An admin resets
 * two-factor for someone who lost their phone and codes, and removes a passkey of a lost device.
 */
export function UserFactorsSection({ userId, userName }: { userId: string; userName: string }) {
  const refresh = useRefreshAdmin();
  const factors = useQuery({ queryKey: [...ADMIN, 'factors', userId], queryFn: () => fetchUserFactors(userId) });
  const passkeys = useQuery({ queryKey: [...ADMIN, 'passkeys', userId], queryFn: () => fetchUserPasskeys(userId) });
  const reset = useMutation({ mutationFn: () => resetUserTwoFactor(userId), onSettled: refresh });
  const remove = useMutation({
    mutationFn: (passkeyId: string) => removeUserPasskey(userId, passkeyId),
    onSettled: refresh,
  });
  return (
    <section aria-labelledby="factors-heading">
      <h2 id="factors-heading">Second factors</h2>
      <FormError
        message={factors.error?.message ?? passkeys.error?.message ?? reset.error?.message ?? remove.error?.message}
      />
      {factors.isPending ? (
        <Loading what="the second factors" />
      ) : (
        factors.data && (
          <>
            <p>Two-factor: {describeTwoFactor(factors.data)}</p>
            {factors.data.twoFactorEnabled && (
              <ConfirmButton
                label="Reset two-factor"
                question={`Turn two-factor off for ${userName}? Their authenticator, backup codes and trusted devices stop working.`}
                onConfirm={() => reset.mutate()}
                disabled={reset.isPending}
              />
            )}
          </>
        )
      )}
      {passkeys.data?.length === 0 && <p className="empty">No passkey.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="cards" aria-label={`Passkeys of ${userName}`}>
          {passkeys.data.map((passkey) => {
            const name = passkey.name || 'Unnamed passkey';
            return (
              <li key={passkey.id} className="card" aria-label={name}>
                <h3>{name}</h3>
                <p>Added {dateTime(passkey.createdAt)}</p>
                <ConfirmButton
                  label="Remove passkey"
                  question={`Remove the passkey "${name}" of ${userName}? It will no longer sign them in.`}
                  onConfirm={() => remove.mutate(passkey.id)}
                  disabled={remove.isPending}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
