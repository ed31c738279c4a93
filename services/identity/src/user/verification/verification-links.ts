import { randomString } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { signVerificationToken, verificationUrl } from './email-verification-token.js';

export interface VerificationLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/** A change-email link: its single-use id comes with it. */
export interface EmailChangeLink extends VerificationLink {
  readonly tokenId: string;
}

/** Makes the links of verification and change-email mails (signed tokens: nothing to store). */
@Injectable()
export class VerificationLinks {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

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
    const token = await signVerificationToken(claims, this.config.AUTH_SECRET, now, expiresIn);
    return {
      url: verificationUrl(this.config.BASE_URL, token, callbackURL),
      expiresAt: new Date(now.getTime() + expiresIn * 1000),
    };
  }
}
