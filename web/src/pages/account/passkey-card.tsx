import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';

/** A passkey as list-user-passkeys describes it (the fields this screen shows). */
export interface PasskeyEntry {
  id: string;
  name?: string | null;
  createdAt: string | Date;
  deviceType: string;
  backedUp: boolean;
}

export const passkeyName = (passkey: PasskeyEntry) => passkey.name || 'Unnamed passkey';

interface PasskeyCardProps {
  passkey: PasskeyEntry;
  onChanged: () => void;
}

/** One passkey: when it was added, whether it syncs between devices; rename it, or remove it (asks first). */
export function PasskeyCard({ passkey, onChanged }: PasskeyCardProps) {
  const name = passkeyName(passkey);
  const rename = useForm({
    submit: (values) => unwrap(authClient.passkey.updatePasskey({ id: passkey.id, name: textOf(values, 'name') })),
    onSuccess: onChanged,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(authClient.passkey.deletePasskey({ id: passkey.id })),
    onSuccess: onChanged,
  });
  return (
    <li className="card" aria-label={name}>
      <h3>{name}</h3>
      <dl>
        <dt>Added</dt>
        <dd>{new Date(passkey.createdAt).toLocaleString()}</dd>
        <dt>Kind</dt>
        <dd>{passkey.backedUp ? 'Synced between your devices' : 'Kept on one device'}</dd>
      </dl>
      <form onSubmit={rename.onSubmit} noValidate aria-label={`Rename ${name}`} className="row">
        <Field label="New name" name="name" required maxLength={100} defaultValue={passkey.name ?? ''} />
        <SubmitButton pending={rename.pending}>Rename</SubmitButton>
      </form>
      <FormError message={rename.formError ?? remove.error?.message} />
      <ConfirmButton
        label="Remove"
        question={`Remove the passkey "${name}"? You will no longer sign in with it.`}
        onConfirm={() => remove.mutate()}
        disabled={remove.isPending}
      />
    </li>
  );
}
