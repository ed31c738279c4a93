import { useMutation } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field, Select } from '../../components/field';
import { FormError, Notice } from '../../components/form-parts';
import { textOf } from '../../components/use-form';
import { useRefreshAdmin } from './admin-queries';
import { banDescription, type AdminUserRow } from './user-display';

/** Ban lengths in seconds (the API's `banExpiresIn`); '' is a ban with no end. */
const BAN_LENGTHS = ['', '3600', '86400', '604800', '2592000'];
const BAN_LENGTH_LABELS = { '': 'Never', 3600: '1 hour', 86400: '1 day', 604800: '7 days', 2592000: '30 days' };

function banUser(userId: string, values: FormData) {
  const banReason = textOf(values, 'banReason');
  const seconds = Number(textOf(values, 'banExpiresIn'));
  return unwrap(
    authClient.admin.banUser({
      userId,
      ...(banReason ? { banReason } : {}),
      ...(seconds > 0 ? { banExpiresIn: seconds } : {}),
    }),
  );
}

/** Ban (asked first: the user is signed out everywhere at once) with an optional reason and end, or unban. */
export function UserBanSection({ user }: { user: AdminUserRow }) {
  const refresh = useRefreshAdmin();
  const form = useRef<HTMLFormElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const ban = useMutation({
    mutationFn: (values: FormData) => banUser(user.id, values),
    onSuccess: refresh,
  });
  const unban = useMutation({
    mutationFn: () => unwrap(authClient.admin.unbanUser({ userId: user.id })),
    onSuccess: refresh,
  });
  const askFirst = (event: FormEvent) => {
    event.preventDefault();
    dialog.current?.showModal();
  };
  const banned = banDescription(user).startsWith('Banned');
  return (
    <section aria-labelledby="ban-heading">
      <h2 id="ban-heading">Ban</h2>
      <FormError message={ban.error?.message ?? unban.error?.message} />
      {ban.isSuccess && banned && <Notice>{user.name} is banned and has been signed out.</Notice>}
      {unban.isSuccess && !banned && <Notice>{user.name} can sign in again.</Notice>}
      {banned ? (
        <>
          <p>
            {banDescription(user)}. Reason: {user.banReason || 'none given'}.
          </p>
          <button type="button" onClick={() => unban.mutate()} disabled={unban.isPending}>
            Unban user
          </button>
        </>
      ) : (
        <form ref={form} onSubmit={askFirst} noValidate aria-label="Ban user">
          <Field label="Ban reason" name="banReason" hint="Optional; kept with the ban for administrators." />
          <Select label="Ban expires after" name="banExpiresIn" options={BAN_LENGTHS} labels={BAN_LENGTH_LABELS} />
          <button type="submit" className="danger" disabled={ban.isPending}>
            Ban user
          </button>
          <ConfirmDialog
            dialogRef={dialog}
            label="Ban user"
            question={`Ban ${user.name}? They are signed out everywhere at once and cannot sign in while banned.`}
            onConfirm={() => form.current && ban.mutate(new FormData(form.current))}
          />
        </form>
      )}
    </section>
  );
}
