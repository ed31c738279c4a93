import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import { useRefreshAdmin } from './admin-queries';

export function UserRemoveSection({ userId, userName }: { userId: string; userName: string }) {
  const navigate = useNavigate();
  const refresh = useRefreshAdmin();
  const remove = useMutation({
    mutationFn: () => unwrap(authClient.admin.removeUser({ userId })),
    onSuccess: async () => {
      await refresh();
      navigate('/admin', { state: { removed: userName } });
    },
  });
  return (
    <section aria-labelledby="remove-heading">
      <h2 id="remove-heading">Remove</h2>
      <FormError message={remove.error?.message} />
      <ConfirmButton
        label="Remove user"
        question={`Remove ${userName}, their sign-in methods and sessions? Their personal data is erased; this cannot be undone.`}
        onConfirm={() => remove.mutate()}
        disabled={remove.isPending}
      />
    </section>
  );
}
