import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Loading } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';
import { PasskeyCard, type PasskeyEntry } from './passkey-card';

const PASSKEYS = ['passkeys'];

/** The account's passkeys, and "Add a passkey": the browser asks the device (or a security key) to make one. */
export function PasskeysSection() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({
    queryKey: PASSKEYS,
    queryFn: async (): Promise<PasskeyEntry[]> => unwrap(authClient.passkey.listUserPasskeys()),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS });
  const add = useForm({
    submit: (values) => unwrap(authClient.passkey.addPasskey({ name: textOf(values, 'passkeyName') || undefined })),
    onSuccess: refresh,
    resetOnSuccess: true,
  });
  const list = passkeys.data ?? [];
  return (
    <section aria-labelledby="passkeys">
      <h2 id="passkeys">Passkeys</h2>
      <p>A passkey signs you in with your device's screen lock or a security key: no password, no code.</p>
      {passkeys.isPending ? (
        <Loading what="your passkeys" />
      ) : list.length > 0 ? (
        <ul className="cards" aria-label="Passkeys">
          {list.map((passkey) => (
            <PasskeyCard key={passkey.id} passkey={passkey} onChanged={refresh} />
          ))}
        </ul>
      ) : (
        passkeys.isSuccess && <p className="empty">You have no passkey yet.</p>
      )}
      <FormError message={passkeys.error?.message} />
      <form onSubmit={add.onSubmit} noValidate aria-label="Add a passkey">
        <Field
          label="Passkey name (optional)"
          name="passkeyName"
          maxLength={100}
          hint="A name you will recognise, like the device it is on."
          autoComplete="off"
        />
        <FormError message={add.formError} />
        {add.succeeded && <Notice>Your passkey has been added.</Notice>}
        <SubmitButton pending={add.pending}>Add a passkey</SubmitButton>
      </form>
    </section>
  );
}
