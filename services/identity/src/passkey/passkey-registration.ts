import type {
  PasskeyCeremony,
  PasskeyRegistrationOptionsRequest,
  PasskeyView,
  VerifyPasskeyRegistrationRequest,
} from '@authsvc/contracts';
import { DomainError, PasskeyErrors } from '@authsvc/errors';
import { randomString } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { CHALLENGE_LIFETIME_SECONDS, PasskeyChallenges } from './passkey-challenges.js';
import { PasskeyStream } from './passkey-stream.js';
import { toPasskeyView, transportsOf } from './passkey-view.mapper.js';
import { PasskeyEntity } from './passkey.entity.js';
import { originServes, relyingPartyOf } from './relying-party.js';
import { checkedBy } from './webauthn-check.js';

const WEBAUTHN_USER_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Registration of a passkey by a signed-in user: the options for the browser, then its answer checked and kept. */
@Injectable()
export class PasskeyRegistration {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly passkeys: PasskeyStream,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * As the reference: no attestation, a discoverable credential preferred, user verification preferred, and the
   * user's passkeys excluded (an authenticator that holds one says so instead of making a second). The WebAuthn
   * user handle is random per ceremony, as the reference's, so it tells nothing of the user id.
   */
  async options(request: PasskeyRegistrationOptionsRequest): Promise<PasskeyCeremony> {
    const rp = relyingPartyOf(this.config.BASE_URL);
    const existing = await this.dataSource.getRepository(PasskeyEntity).findBy({ userId: request.userId });
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: new TextEncoder().encode(randomString(32, WEBAUTHN_USER_ID_ALPHABET)),
      userName: request.name || request.userName,
      userDisplayName: request.userName,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
      authenticatorSelection: {
        residentKey: 'preferred',
        userVerification: 'preferred',
        ...(request.authenticatorAttachment ? { authenticatorAttachment: request.authenticatorAttachment } : {}),
      },
    });
    const challengeId = await this.challenges.save({
      ceremony: 'registration',
      challenge: options.challenge,
      userId: request.userId,
    });
    return { options: { ...options }, challengeId, maxAge: CHALLENGE_LIFETIME_SECONDS };
  }

  /** The challenge is spent whatever the answer, as the reference's: a refused answer needs new options. */
  async verify(request: VerifyPasskeyRegistrationRequest): Promise<PasskeyView> {
    const challenge = await this.challenges.take(request.challengeId, 'registration');
    if (!challenge) throw new DomainError(PasskeyErrors.CHALLENGE_NOT_FOUND);
    if (challenge.userId !== request.userId) {
      throw new DomainError(PasskeyErrors.YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY);
    }
    const rp = relyingPartyOf(this.config.BASE_URL);
    if (!originServes(request.origin, rp)) throw new DomainError(PasskeyErrors.FAILED_TO_VERIFY_REGISTRATION);
    const response = request.response as unknown as RegistrationResponseJSON;
    const { verified, registrationInfo } = await checkedBy(
      () =>
        verifyRegistrationResponse({
          response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: request.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        }),
      PasskeyErrors.FAILED_TO_VERIFY_REGISTRATION,
    );
    if (!verified || !registrationInfo) throw new DomainError(PasskeyErrors.FAILED_TO_VERIFY_REGISTRATION);
    const { credential, credentialDeviceType, credentialBackedUp, aaguid } = registrationInfo;
    const passkeyId = randomString(32);
    const now = new Date();
    const command = {
      type: 'AddPasskey',
      passkeyId,
      name: request.name?.trim() || null,
      credential: {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64'),
        counter: credential.counter,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        transports: transportsIn(response),
        aaguid,
      },
      now,
    } as const;
    await this.passkeys.add(request.userId, command, {
      correlationId: request.correlationId,
      actorId: request.userId,
      now,
    });
    return toPasskeyView(await this.dataSource.getRepository(PasskeyEntity).findOneByOrFail({ id: passkeyId }));
  }
}

/** The transports the browser reported, when it reported a list of names (the library does not check them). */
function transportsIn(response: RegistrationResponseJSON): string {
  const reported: unknown = response.response.transports;
  if (!Array.isArray(reported)) return '';
  return reported.filter((transport): transport is string => typeof transport === 'string').join(',');
}
