import type {
  CreateSessionRequest,
  SessionClientRequest,
  StartedSession,
  TwoFactorChallenge,
  UserView,
} from '@authsvc/contracts';
import type { ForwardedRequest } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { startSessionFor } from '../user/session-start.js';
import { UserStream } from '../user/user-stream.js';
import { registered } from '../user/user-state.js';
import { ChallengeStore } from './challenge-store.js';
import { secondFactorMethods } from './two-factor-state.js';
import { TrustedDevices } from './trusted-devices.js';

/** A first factor's outcome: the session (the session service answers the caller), or the second step. */
export type SignInOutcome = ForwardedRequest<StartedSession> | TwoFactorChallenge;

/**
 * The second-factor gate: every first-factor sign-in (password by email or username, social, id token) ends here
 * instead of starting the session itself. A two-factor user without a trusted-device proof of their own gets a
 * challenge instead, which only a second factor completes. Unlike the reference, social sign-ins meet it too.
 */
@Injectable()
export class TwoFactorGate {
  constructor(
    private readonly users: UserStream,
    private readonly challenges: ChallengeStore,
    private readonly devices: TrustedDevices,
  ) {}

  /** Starts the session, or answers the challenge: the one-line replacement of `startSessionFor` at sign-ins. */
  async pass(
    user: UserView,
    request: SessionClientRequest & { trustedDevice?: string },
    how: Pick<CreateSessionRequest, 'newUser' | 'endOtherSessions' | 'userChanged'> = {},
  ): Promise<SignInOutcome> {
    const challenge = await this.challengeFor(user, request.rememberMe, request.trustedDevice);
    return challenge ?? startSessionFor(user, request, how);
  }

  /** The challenge a sign-in of `user` must meet, or null when the first factor is enough. */
  async challengeFor(user: UserView, rememberMe: boolean, trustedDevice?: string): Promise<TwoFactorChallenge | null> {
    if (!user.twoFactorEnabled) return null;
    if (trustedDevice !== undefined && (await this.devices.isTrusted(trustedDevice, user.id))) return null;
    const state = registered(await this.users.state(user.id));
    const challengeId = await this.challenges.create({ userId: user.id, rememberMe });
    return {
      twoFactorRedirect: true,
      twoFactorMethods: secondFactorMethods(state.twoFactor),
      challengeId,
      // A trust cookie that proved nothing (another user's, untrusted since, unknown) is cleared, as 1.7 does.
      untrustDevice: trustedDevice !== undefined,
    };
  }
}
