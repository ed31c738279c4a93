import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { signVerificationToken, verificationUrl } from './email-verification-token.js';

export interface VerificationLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/** Makes the verification links mailed on sign-up and on request. */
@Injectable()
export class VerificationLinks {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  async create(
    user: { email: string; userId: string },
    callbackURL: string | undefined,
    now: Date,
  ): Promise<VerificationLink> {
    const expiresIn = this.config.EMAIL_VERIFICATION_EXPIRES_IN;
    const token = await signVerificationToken(
      { email: user.email, userId: user.userId, requestType: 'email-verification' },
      this.config.AUTH_SECRET,
      now,
      expiresIn,
    );
    return {
      url: verificationUrl(this.config.BASE_URL, token, callbackURL),
      expiresAt: new Date(now.getTime() + expiresIn * 1000),
    };
  }
}
