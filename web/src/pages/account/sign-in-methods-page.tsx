import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';

/** Provider ids in a person's words; social providers keep their own names. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = { credential: 'Email and password' };

/** The ways this account can sign in (its linked accounts). */
export function SignInMethodsPage() {
  const accounts = useQuery({ queryKey: ['accounts'], queryFn: () => unwrap(authClient.listAccounts()) });
  return (
    <Page title="Sign-in methods">
      <FormError message={accounts.error?.message} />
      {accounts.isPending ? (
        <Loading what="your sign-in methods" />
      ) : (
        <ul className="cards" aria-label="Sign-in methods">
          {(accounts.data ?? []).map((account) => (
            <li key={account.id} className="card">
              <h2>{PROVIDER_NAMES[account.providerId] ?? account.providerId}</h2>
              <p className="hint">Added {new Date(account.createdAt).toLocaleString()}</p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
