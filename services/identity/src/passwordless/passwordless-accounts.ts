import { DEFAULT_ROLE, type UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError, PasswordlessErrors } from '@authsvc/errors';
import { findRow } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { PasskeyManagement } from '../passkey/passkey-management.js';
import { TrustedDevices } from '../two-factor/trusted-devices.js';
import { UserEntity } from '../user/user.entity.js';
import { UserRegistration } from '../user/user-registration.js';
import { UserStream } from '../user/user-stream.js';
import { toUserView } from '../user/user-view.mapper.js';

/** The account a proven address opens, and what proving it did to that account. */
export interface ProvenAccount {
  readonly user: UserView;
  /** Registered by this sign-in. */
  readonly newUser: boolean;
  /** An unverified account whose password and sessions were just removed (see `ClaimUnverifiedAccount`). */
  readonly claimed: boolean;
}

/**
 * Whose account an address proven by a mailed link or code opens: its user's, once an unverified one is claimed;
 * or, on first use, a new user with the address verified, registered as any other (unless EMAIL_SIGN_IN_SIGN_UP
 * is off).
 */
@Injectable()
export class PasswordlessAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly registration: UserRegistration,
    private readonly passkeys: PasskeyManagement,
    private readonly devices: TrustedDevices,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async open(email: string, profile: { name?: string; image?: string }, correlationId: string): Promise<ProvenAccount> {
    const existing = await findRow(this.dataSource.manager, UserEntity, { email });
    if (existing === null) return this.signUp(email, profile, correlationId);
    if (existing.emailVerified) return { user: toUserView(existing), newUser: false, claimed: false };
    // Outside the user's state, so before the claim: a crash in between leaves the account unverified, and the
    // next proof of the address does it all again.
    await this.passkeys.removeAll(existing.id, { correlationId, actorId: existing.id });
    await this.devices.untrustAll(existing.id);
    const now = new Date();
    await this.users.execute(
      existing.id,
      { type: 'ClaimUnverifiedAccount', email, name: existing.name, url: this.config.BASE_URL.toString(), now },
      { correlationId, actorId: existing.id, now },
    );
    return { user: await this.current(existing.id), newUser: false, claimed: true };
  }

  /** The one who registered the address first in a race signs in to that account instead. */
  private async signUp(
    email: string,
    profile: { name?: string; image?: string },
    correlationId: string,
  ): Promise<ProvenAccount> {
    if (!this.config.EMAIL_SIGN_IN_SIGN_UP) throw new DomainError(PasswordlessErrors.NEW_USER_SIGNUP_DISABLED);
    try {
      const user = await this.registration.record(
        {
          email,
          name: profile.name ?? '',
          image: profile.image ?? null,
          username: { username: null, displayUsername: null },
          passwordHash: null,
          role: DEFAULT_ROLE,
          emailVerified: true,
        },
        { correlationId },
      );
      return { user, newUser: true, claimed: false };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== AuthErrors.USER_ALREADY_EXISTS.code) throw error;
      return this.open(email, profile, correlationId);
    }
  }

  private async current(userId: string): Promise<UserView> {
    const row = await findRow(this.dataSource.manager, UserEntity, { id: userId });
    if (row === null) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    return toUserView(row);
  }
}
