import { useMutation } from '@tanstack/react-query';
import { authClient } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { useWebConfig } from '../api/web-config';
import { continueWithLabel, socialCallbackUrls } from '../lib/social-providers';
import { FormError } from './form-parts';

/**
 * "Continue with …" for each social provider the gateway has configured (none: nothing shows). The client sends
 * the browser to the provider; it comes back signed in at `next`, or to the error page with the reason.
 */
export function SocialSignIn({ next }: { next: string }) {
  const config = useWebConfig();
  const start = useMutation({
    mutationFn: (provider: string) => unwrap(authClient.signIn.social({ provider, ...socialCallbackUrls(next) })),
  });
  const providers = config.data?.socialProviders ?? [];
  if (providers.length === 0) return null;
  // After a success the browser is leaving for the provider: the buttons stay disabled until it has.
  const busy = start.isPending || start.isSuccess;
  return (
    <section aria-labelledby="social-sign-in" className="social-sign-in">
      <h2 id="social-sign-in">Or use an account you already have</h2>
      <ul className="social-buttons">
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              disabled={busy}
              aria-busy={busy && start.variables === provider}
              onClick={() => start.mutate(provider)}
            >
              {continueWithLabel(provider)}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={start.error?.message} />
    </section>
  );
}
