import type { SendMagicLinkRequest } from '@authsvc/contracts';
import { findRow } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../security/uniform-duration.js';
import { normalizeEmail } from '../user/email/email-address.js';
import { UserEntity } from '../user/user.entity.js';
import { mailsAddress } from './mail-rules.js';
import { newMagicLinkToken } from './one-time-secret.js';
import { PasswordlessKeys } from './passwordless-keys.js';
import { PasswordlessMails } from './passwordless-mails.js';
import { PasswordlessStore, type MagicLinkGrant } from './passwordless-store.js';

/**
 * Magic links: a token of 32 letters mailed to the address, stored only as its keyed hash, valid
 * MAGIC_LINK_EXPIRES_IN seconds, once; a new link voids the address's older one.
 */
@Injectable()
export class MagicLinks {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: PasswordlessKeys,
    private readonly store: PasswordlessStore,
    private readonly mails: PasswordlessMails,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Mails a link whether or not the address has an account, as the reference does (an unknown address registers
   * on first use), so the answer and the work are the same either way; with sign-up off an unknown address is
   * mailed nothing, after the same time.
   */
  send(request: SendMagicLinkRequest): Promise<{ status: true }> {
    const email = normalizeEmail(request.email);
    return withUniformDuration(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      const user = await findRow(this.dataSource.manager, UserEntity, { email });
      if (!mailsAddress('magic-link', user !== null, this.config.EMAIL_SIGN_IN_SIGN_UP))
        return { status: true } as const;
      const addressId = this.keys.addressId(email);
      // Past the address's sends nothing is mailed, and its live link stays.
      if (!(await this.store.admitSend(addressId, this.config))) return { status: true } as const;
      const name = user?.name ?? request.name ?? '';
      const token = newMagicLinkToken();
      const lifetimeMs = this.config.MAGIC_LINK_EXPIRES_IN * 1000;
      await this.store.issueLink(this.keys.linkHash(token), { email, name: request.name ?? '', addressId }, lifetimeMs);
      const expiresAt = new Date(Date.now() + lifetimeMs);
      const to = { email, name, addressId, userId: user?.id ?? null };
      await this.mails.magicLink(to, this.url(token, request), expiresAt, request.correlationId);
      return { status: true } as const;
    });
  }

  /** The grant of a live link, now spent; null for an unknown, used, voided or expired one. */
  take(token: string): Promise<MagicLinkGrant | null> {
    return this.store.takeLink(this.keys.linkHash(token));
  }

  /** `<BASE_URL>/api/auth/magic-link/verify?token&callbackURL` (and the other two URLs when given), as the reference. */
  private url(token: string, request: SendMagicLinkRequest): string {
    const url = new URL(`${this.config.BASE_URL.toString().replace(/\/$/, '')}/api/auth/magic-link/verify`);
    url.searchParams.set('token', token);
    url.searchParams.set('callbackURL', request.callbackURL ?? '/');
    if (request.newUserCallbackURL) url.searchParams.set('newUserCallbackURL', request.newUserCallbackURL);
    if (request.errorCallbackURL) url.searchParams.set('errorCallbackURL', request.errorCallbackURL);
    return url.toString();
  }
}
