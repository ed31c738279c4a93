import type {
  PasskeyAuthenticationOptionsRequest,
  PasskeyCeremony,
  StartedSession,
  VerifyPasskeyAuthenticationRequest,
} from '@authsvc/contracts';
import { DomainError, HttpStatus, PasskeyErrors } from '@authsvc/errors';
import type { ForwardedRequest } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { startSessionFor } from '../user/session-start.js';
import { UserEntity } from '../user/user.entity.js';
import { toUserView } from '../user/user-view.mapper.js';
import { CHALLENGE_LIFETIME_SECONDS, PasskeyChallenges } from './passkey-challenges.js';
import { PasskeyCounters } from './passkey-counters.js';
import { transportsOf } from './passkey-view.mapper.js';
import { PasskeyEntity } from './passkey.entity.js';
import { originServes, relyingPartyOf } from './relying-party.js';
import { checkedBy } from './webauthn-check.js';

/** Sign-in with a passkey: options without a session (discoverable credentials), then the assertion checked. */
@Injectable()
export class PasskeySignIn {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly counters: PasskeyCounters,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** With a session its passkeys are the allowed credentials, as the reference does; without one, any passkey. */
  async options(request: PasskeyAuthenticationOptionsRequest): Promise<PasskeyCeremony> {
    const rp = relyingPartyOf(this.config.BASE_URL);
    const own = request.userId
      ? await this.dataSource.getRepository(PasskeyEntity).findBy({ userId: request.userId })
      : [];
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'preferred',
      ...(own.length > 0
        ? { allowCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })) }
        : {}),
    });
    const challengeId = await this.challenges.save({
      ceremony: 'authentication',
      challenge: options.challenge,
      userId: request.userId ?? '',
    });
    return { options: { ...options }, challengeId, maxAge: CHALLENGE_LIFETIME_SECONDS };
  }

  /**
   * The passkey proves possession of the authenticator and (by its local unlock) a second factor at once, so the
   * session starts directly, never behind a second-factor challenge. A banned user is refused by the session
   * service as at every sign-in.
   */
  async verify(request: VerifyPasskeyAuthenticationRequest): Promise<ForwardedRequest<StartedSession>> {
    const challenge = await this.challenges.take(request.challengeId, 'authentication');
    if (!challenge) throw new DomainError(PasskeyErrors.CHALLENGE_NOT_FOUND);
    const response = request.response as unknown as AuthenticationResponseJSON;
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const passkey = await this.dataSource.getRepository(PasskeyEntity).findOneBy({ credentialId });
    if (!passkey) throw new DomainError(PasskeyErrors.PASSKEY_NOT_FOUND, { status: HttpStatus.UNAUTHORIZED });
    const rp = relyingPartyOf(this.config.BASE_URL);
    if (!originServes(request.origin, rp)) throw new DomainError(PasskeyErrors.AUTHENTICATION_FAILED);
    const { verified, authenticationInfo } = await checkedBy(
      () =>
        verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: request.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64')),
            counter: passkey.counter,
            transports: transportsOf(passkey),
          },
          requireUserVerification: false,
        }),
      PasskeyErrors.AUTHENTICATION_FAILED,
    );
    if (!verified || !(await this.counters.advance(passkey, authenticationInfo.newCounter))) {
      throw new DomainError(PasskeyErrors.AUTHENTICATION_FAILED);
    }
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: passkey.userId });
    if (!user) throw new DomainError(PasskeyErrors.PASSKEY_NOT_FOUND, { status: HttpStatus.UNAUTHORIZED });
    return startSessionFor(toUserView(user), request);
  }
}
