import { useNavigate, useSearchParams } from 'react-router';
import { authClient } from '../api/auth-client';
import { CLIENT_PATHS } from '../client-paths';
import { twoFactorChallenge, type SecondFactorMethod } from '../lib/one-time-codes';
import { nextPath } from './require-session';

/** What the second-factor screen is handed by the screen that asked for it (react-router's location state). */
export interface TwoFactorState {
  methods: SecondFactorMethod[];
}

/**
 * What every first-factor screen does with the server's answer: to the second-factor screen when it asks for one
 * (keeping `next`), else read the session again (the next page must not see the signed-out state of a moment ago)
 * and go where the person was going.
 */
export function useFinishSignIn(): (answer: unknown) => Promise<void> {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { refetch } = authClient.useSession();
  const next = nextPath(search);
  return async (answer) => {
    const challenge = twoFactorChallenge(answer);
    if (challenge) {
      const state: TwoFactorState = { methods: challenge.methods };
      navigate(`${CLIENT_PATHS.twoFactor}?${new URLSearchParams({ next })}`, { state });
      return;
    }
    await refetch();
    navigate(next, { replace: true });
  };
}
