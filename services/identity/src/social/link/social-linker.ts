import { isImageUrl, LIMITS } from '@authsvc/contracts';
import { AuthErrors } from '@authsvc/errors';
import { randomString } from '@authsvc/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { ACCOUNTS_PROVIDER_KEY_UNIQUE, AccountEntity } from '../../user/account.entity.js';
import { UserEntity } from '../../user/user.entity.js';
import { UserStream } from '../../user/user-stream.js';
import type { ProviderProfile } from '../provider-descriptor.js';
import { grantOf, storedEmail, succeeds, type SignedInIdentity } from '../sign-in/social-accounts.js';
import { decideLink, type LinkRefusal } from './social-link-rules.js';

/** `unable_to_link_account`: the user is gone, or a concurrent link took the provider identity first. */
export type LinkOutcome =
  { readonly ok: true } | { readonly ok: false; readonly error: LinkRefusal | 'unable_to_link_account' };

/** The `error` a refused link of the redirect flow sends to the app, as the reference names it. */
export const LINK_REDIRECT_ERRORS: Readonly<Record<Extract<LinkOutcome, { ok: false }>['error'], string>> = {
  email_not_found: 'email_not_found',
  linking_not_allowed: 'unable_to_link_account',
  email_does_not_match: 'email_does_not_match',
  account_already_linked_to_different_user: 'account_already_linked_to_different_user',
  unable_to_link_account: 'unable_to_link_account',
};

/**
 * Links a provider identity to the signed-in user who asked (link-social, both branches): the rules of
 * `decideLink`, then an `AccountLinked` (`how: 'link'`, the user its actor) or the account's new tokens.
 */
@Injectable()
export class SocialLinker {
  private readonly logger = new Logger(SocialLinker.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async link(identity: SignedInIdentity, userId: string, correlationId: string): Promise<LinkOutcome> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (user === null) return { ok: false, error: 'unable_to_link_account' };
    const key = { providerId: identity.providerId, issuer: identity.issuer, accountId: identity.profile.subject };
    const linked = await this.dataSource.getRepository(AccountEntity).findOneBy(key);
    const email = storedEmail(identity.profile.email);
    const decision = decideLink({
      userId,
      userEmail: user.email,
      email,
      emailVerified: identity.profile.emailVerified,
      linkedUserId: linked?.userId,
      linkingEnabled: this.config.ACCOUNT_LINKING_ENABLED,
      providerTrusted: this.config.TRUSTED_PROVIDERS.includes(identity.providerId),
      allowDifferentEmails: this.config.ALLOW_DIFFERENT_EMAILS,
    });
    const now = new Date();
    const tokens = grantOf(identity.tokens);
    const context = { correlationId, now, actorId: userId };
    switch (decision.kind) {
      case 'refused':
        return { ok: false, error: decision.reason };
      case 'refresh-tokens':
        await this.users.refreshProviderTokens(
          userId,
          { type: 'RefreshProviderTokens', accountId: linked!.id, tokens, now },
          context,
        );
        return { ok: true };
      case 'link': {
        const account = { ...key, accountId: randomString(), subject: identity.profile.subject };
        const linking = this.users.execute(
          userId,
          { type: 'LinkSocialAccount', account, how: 'link', email, tokens, now },
          context,
          {
            [ACCOUNTS_PROVIDER_KEY_UNIQUE]: AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED,
          },
        );
        if (!(await succeeds(linking))) return { ok: false, error: 'unable_to_link_account' };
        if (this.config.UPDATE_USER_INFO_ON_LINK) await this.copyUserInfo(userId, identity.profile, correlationId);
        return { ok: true };
      }
    }
  }

  /** `UPDATE_USER_INFO_ON_LINK`: the provider's name and image become the user's; the link stands if this fails. */
  private async copyUserInfo(userId: string, profile: ProviderProfile, correlationId: string): Promise<void> {
    const changes = {
      ...(profile.name.trim() !== '' && { name: profile.name.slice(0, LIMITS.name) }),
      // Only an image an app can safely put in <img src>; a provider's javascript: or data: URL is dropped.
      ...(isImageUrl(profile.image) && { image: profile.image }),
    };
    if (Object.keys(changes).length === 0) return;
    const now = new Date();
    await this.users
      .execute(userId, { type: 'UpdateUser', changes, now }, { correlationId, now, actorId: userId })
      .catch((error: unknown) => {
        this.logger.warn(`user info of ${userId} not updated on link (${correlationId}): ${(error as Error).message}`);
      });
  }
}
