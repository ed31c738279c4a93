import { DEFAULT_ROLE, isImageUrl, LIMITS } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { findRow, randomString } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { ACCOUNTS_PROVIDER_KEY_UNIQUE, AccountEntity } from '../../user/account.entity.js';
import type { ProviderTokenGrant } from '../../user/social-account.decisions.js';
import { UserEntity } from '../../user/user.entity.js';
import { UserRegistration } from '../../user/user-registration.js';
import { UserStream } from '../../user/user-stream.js';
import { VerificationLinks } from '../../user/verification/verification-links.js';
import type { ProviderTokens } from '../engine/code-exchange.js';
import type { ProviderProfile } from '../provider-descriptor.js';
import type { SocialProviderConfig } from '@authsvc/config';
import { resolveSocialSignIn } from './social-resolution.js';

/** A provider identity that signed in: the account key, what the provider said, the tokens it gave. */
export interface SignedInIdentity {
  readonly providerId: string;
  readonly issuer: string;
  readonly profile: ProviderProfile;
  readonly tokens: ProviderTokens;
}

export type AccountOutcome =
  | { readonly ok: true; readonly userId: string; readonly newUser: boolean }
  | {
      readonly ok: false;
      readonly error:
        | 'email_not_found'
        | 'account_not_linked'
        | 'signup_disabled'
        | 'unable_to_link_account'
        | 'unable_to_create_user';
    };

/** A provider's tokens as the user's commands carry them. */
export const grantOf = (tokens: ProviderTokens): ProviderTokenGrant => ({
  facts: {
    scopes: [...tokens.scopes],
    accessTokenExpiresAt: tokens.accessTokenExpiresAt ?? null,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? null,
  },
  secrets: {
    accessToken: tokens.accessToken ?? null,
    refreshToken: tokens.refreshToken ?? null,
    idToken: tokens.idToken ?? null,
  },
});

/** The address as users are stored, `null` when the provider's is no address at all. */
export const storedEmail = (email: string | null): string | null => {
  const normalized = email?.trim().toLowerCase();
  return normalized !== undefined && /^[^\s@]+@[^\s@]+$/.test(normalized) && normalized.length <= LIMITS.email
    ? normalized
    : null;
};

/**
 * Whose account a provider identity opens (see `resolveSocialSignIn`), and the events that record it: new tokens
 * of a linked account, an implicit link, or a new user registered with the account in one append.
 */
@Injectable()
export class SocialAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly registration: UserRegistration,
    private readonly links: VerificationLinks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async signIn(
    identity: SignedInIdentity,
    provider: SocialProviderConfig,
    requestSignUp: boolean,
    correlationId: string,
  ): Promise<AccountOutcome> {
    const email = storedEmail(identity.profile.email);
    const key = { providerId: identity.providerId, issuer: identity.issuer, accountId: identity.profile.subject };
    const { manager } = this.dataSource;
    const linked = await findRow(manager, AccountEntity, key);
    // Whoever holds the address matters only to an identity linked to nobody.
    const holder = email === null || linked !== null ? null : await findRow(manager, UserEntity, { email });
    const resolution = resolveSocialSignIn({
      email,
      emailVerified: identity.profile.emailVerified,
      linkedUserId: linked?.userId,
      userWithEmail: holder === null ? undefined : { userId: holder.id, emailVerified: holder.emailVerified },
      linkingEnabled: this.config.ACCOUNT_LINKING_ENABLED,
      disableSignUp: provider.disableSignUp,
      disableImplicitSignUp: provider.disableImplicitSignUp,
      requestSignUp,
    });
    const now = new Date();
    const tokens = grantOf(identity.tokens);
    const context = { correlationId, now };
    switch (resolution.kind) {
      case 'refused':
        return { ok: false, error: resolution.error };
      case 'linked': {
        const command = { type: 'RefreshProviderTokens', accountId: linked!.id, tokens, now } as const;
        await this.users.refreshProviderTokens(resolution.userId, command, { ...context, actorId: resolution.userId });
        return { ok: true, userId: resolution.userId, newUser: false };
      }
      case 'link': {
        const account = { ...key, accountId: randomString(), subject: identity.profile.subject };
        const command = { type: 'LinkSocialAccount', account, how: 'implicit', email, tokens, now } as const;
        const linking = this.users.execute(
          resolution.userId,
          command,
          { ...context, actorId: resolution.userId },
          {
            [ACCOUNTS_PROVIDER_KEY_UNIQUE]: AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED,
          },
        );
        if (!(await succeeds(linking))) return { ok: false, error: 'unable_to_link_account' };
        return { ok: true, userId: resolution.userId, newUser: false };
      }
      case 'sign-up':
        return this.signUp(identity, email!, tokens, correlationId);
    }
  }

  /** A new user with the provider's name, image and verdict on the address, and the account, in one append. */
  private async signUp(
    identity: SignedInIdentity,
    email: string,
    tokens: ProviderTokenGrant,
    correlationId: string,
  ): Promise<AccountOutcome> {
    const { profile } = identity;
    const account = {
      accountId: randomString(),
      providerId: identity.providerId,
      issuer: identity.issuer,
      subject: profile.subject,
    };
    const recording = this.registration.record(
      {
        email,
        name: profile.name.slice(0, LIMITS.name),
        // Only an image an app can safely put in <img src>; a provider's javascript: or data: URL is dropped.
        image: isImageUrl(profile.image) ? profile.image : null,
        username: { username: null, displayUsername: null },
        passwordHash: null,
        role: DEFAULT_ROLE,
        emailVerified: profile.emailVerified,
        socialAccount: { account, how: 'sign-up', email, tokens },
      },
      { correlationId },
      async (userId, now) =>
        !profile.emailVerified && this.config.SEND_VERIFICATION_ON_SIGN_UP
          ? this.links.create({ email, userId }, undefined, now)
          : null,
    );
    const user = await recording.catch((error: unknown) => {
      if (error instanceof DomainError) return null;
      throw error;
    });
    return user === null ? { ok: false, error: 'unable_to_create_user' } : { ok: true, userId: user.id, newUser: true };
  }
}

/** Whether a write went through; a refusal of the domain (a race lost on a unique key) is a no. */
export async function succeeds(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}
