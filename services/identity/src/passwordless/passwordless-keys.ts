import { authKeyRing } from '@authsvc/config';
import type { EmailOtpType } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { keyedHash } from './one-time-secret.js';

/**
 * The keyed hashes passwordless sign-in stores instead of addresses, tokens and codes, under the current key of
 * the verification-token purpose: a link or code lives minutes, so one mailed before a secret rotation may fail.
 */
@Injectable()
export class PasswordlessKeys {
  private readonly key: Buffer;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.key = authKeyRing(config, 'verification-token').current.key;
  }

  /** What an address is known by in Redis and in its stream's id (an address itself is personal data). */
  addressId(email: string): string {
    return keyedHash(this.key, 'passwordless-address', email);
  }

  linkHash(token: string): string {
    return keyedHash(this.key, 'magic-link', token);
  }

  /** Bound to the address and the type, so no code passes for another address or another use. */
  codeHash(type: EmailOtpType, addressId: string, otp: string): string {
    return keyedHash(this.key, 'email-otp', `${type}:${addressId}:${otp}`);
  }
}
