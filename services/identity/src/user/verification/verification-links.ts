import { authKeyRing, type KeyRing } from '@authsvc/config';
import { randomString } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import {
  readVerificationToken,
  signVerificationToken,
  verificationUrl,
  type VerificationClaims,
} from './email-verification-token.js';

export interface VerificationLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/** A change-email link: its single-use id comes with it. */
export interface EmailChangeLink extends VerificationLink {
  readonly tokenId: string;
}

/**
 * Makes the links of verification and change-email mails and reads their tokens back (signed under the
 * verification-token key of the secrets: nothing to store; a link mailed before a rotation keeps working).
 */
@Injectable()
export class VerificationLinks {
  private readonly keys: KeyRing;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {
    this.keys = authKeyRing(config, 'verification-token');
  }

  /** The claims of a link's token, or the catalogue error that refuses it (see `readVerificationToken`). */
  read(token: string, now: Date): Promise<VerificationClaims> {
    return readVerificationToken(token, this.keys, now);
  }

  async create(
    user: { email: string; userId: string },
    callbackURL: string | undefined,
    now: Date,
  ): Promise<VerificationLink> {
    return this.link({ requestType: 'email-verification', ...user }, callbackURL, now);
  }

  async createEmailChange(
    requestType: 'change-email-confirmation' | 'change-email-verification',
    user: { email: string; userId: string },
    updateTo: string,
    callbackURL: string | undefined,
    now: Date,
  ): Promise<EmailChangeLink> {
    const tokenId = randomString();
    const link = await this.link({ requestType, ...user, updateTo, jti: tokenId }, callbackURL, now);
    return { ...link, tokenId };
  }

  private async link(
    claims: Parameters<typeof signVerificationToken>[0],
    callbackURL: string | undefined,
    now: Date,
  ): Promise<VerificationLink> {
    const expiresIn = this.config.EMAIL_VERIFICATION_EXPIRES_IN;
    const token = await signVerificationToken(claims, this.keys, now, expiresIn);
    return {
      url: verificationUrl(this.config.BASE_URL, token, callbackURL),
      expiresAt: new Date(now.getTime() + expiresIn * 1000),
    };
  }
}
