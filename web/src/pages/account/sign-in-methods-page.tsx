import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { providerName } from '../../lib/social-providers';

/** An account's provider in a person's words: the password is `credential`, a social provider goes by its name. */
const methodName = (providerId: string) =>
  providerId === 'credential' ? 'Email and password' : providerName(providerId);

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
              <h2>{methodName(account.providerId)}</h2>
              <p className="hint">Added {new Date(account.createdAt).toLocaleString()}</p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
