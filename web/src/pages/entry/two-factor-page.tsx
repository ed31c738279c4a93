import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Page } from '../../components/page';
import type { TwoFactorState } from '../../components/use-finish-sign-in';
import { offeredMethods, type SecondFactorMethod } from '../../lib/one-time-codes';
import { SecondFactorForm } from './second-factor-form';

const CHOICES: Record<SecondFactorMethod, string> = {
  totp: 'Use your authenticator app',
  otp: 'Email me a code instead',
  backup: 'Use a backup code',
};

/**
 * The second step of signing in to a two-factor account: the sign-in screens send people here with the methods the
 * server named; a social sign-in lands here from the server's redirect, without them (then every method shows).
 */
export function TwoFactorPage() {
  const location = useLocation();
  const methods = offeredMethods((location.state as TwoFactorState | null)?.methods);
  const [method, setMethod] = useState<SecondFactorMethod>(methods[0]);
  return (
    <Page title="Two-step verification" narrow>
      <p>Your account asks for a second step: prove it is you with one of these.</p>
      {/* A new key per method: each form starts empty, focused, without the last one's error. */}
      <SecondFactorForm key={method} method={method} />
      <section aria-labelledby="other-ways">
        <h2 id="other-ways">Other ways</h2>
        <ul className="plain">
          {methods
            .filter((other) => other !== method)
            .map((other) => (
              <li key={other}>
                <button type="button" className="link-button" onClick={() => setMethod(other)}>
                  {CHOICES[other]}
                </button>
              </li>
            ))}
        </ul>
      </section>
      <p>
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </Page>
  );
}
