import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { useWebConfig } from '../../api/web-config';
import { CLIENT_PATHS } from '../../client-paths';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { explainRedirectError } from '../../lib/redirect-errors';
import { providerName } from '../../lib/social-providers';

const ACCOUNTS = ['accounts'];

/** An account's provider in a person's words: the password is `credential`, a social provider goes by its name. */
const methodName = (providerId: string) =>
  providerId === 'credential' ? 'Email and password' : providerName(providerId);

/** list-accounts' entries; the gateway adds the address each account was linked with. */
interface LinkedAccount {
  id: string;
  providerId: string;
  createdAt: string | Date;
  email?: string | null;
}

/**
 * The linked accounts: the ways this account can sign in, each with its address and date; "Link …" for each
 * configured provider not linked yet (the provider sends the browser back here, with the reason when it failed),
 * and "Unlink" for a provider account. The server keeps the last way to sign in, and says so.
 */
export function SignInMethodsPage() {
  const queryClient = useQueryClient();
  const config = useWebConfig();
  const [params] = useSearchParams();
  const accounts = useQuery({
    queryKey: ACCOUNTS,
    queryFn: async (): Promise<LinkedAccount[]> => unwrap(authClient.listAccounts()),
  });
  const here = CLIENT_PATHS.accountSignInMethods;
  const link = useMutation({
    mutationFn: (provider: string) =>
      unwrap(authClient.linkSocial({ provider, callbackURL: here, errorCallbackURL: here })),
  });
  const unlink = useMutation({
    mutationFn: (accountId: string) => unwrap(authClient.unlinkAccount({ accountId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS }),
  });
  if (accounts.isPending) {
    return (
      <Page title="Sign-in methods">
        <Loading what="your sign-in methods" />
      </Page>
    );
  }
  const linked = accounts.data ?? [];
  const linkable = (config.data?.socialProviders ?? []).filter((id) => !linked.some((a) => a.providerId === id));
  const callbackError = params.get('error');
  // After a success the browser is leaving for the provider: the buttons stay disabled until it has.
  const leaving = link.isPending || link.isSuccess;
  return (
    <Page title="Sign-in methods">
      <p>Your linked accounts: each is a way to sign in to this account.</p>
      <FormError
        message={
          (callbackError === null ? undefined : explainRedirectError(callbackError)) ??
          accounts.error?.message ??
          unlink.error?.message ??
          link.error?.message
        }
      />
      <ul className="cards" aria-label="Sign-in methods">
        {linked.map((account) => (
          <li key={account.id} className="card" aria-label={methodName(account.providerId)}>
            <h2>{methodName(account.providerId)}</h2>
            <dl>
              <dt>Email</dt>
              <dd>{account.email ?? 'not known'}</dd>
              <dt>Linked</dt>
              <dd>{new Date(account.createdAt).toLocaleString()}</dd>
            </dl>
            {account.providerId !== 'credential' && (
              <ConfirmButton
                label="Unlink"
                question={`Unlink your ${methodName(account.providerId)} account? You will no longer sign in with it.`}
                onConfirm={() => unlink.mutate(account.id)}
                disabled={unlink.isPending}
              />
            )}
          </li>
        ))}
      </ul>
      {linkable.length > 0 && (
        <section aria-labelledby="link-account">
          <h2 id="link-account">Link another account</h2>
          <ul className="social-buttons">
            {linkable.map((provider) => (
              <li key={provider}>
                <button
                  type="button"
                  disabled={leaving}
                  aria-busy={leaving && link.variables === provider}
                  onClick={() => link.mutate(provider)}
                >
                  Link {providerName(provider)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}
