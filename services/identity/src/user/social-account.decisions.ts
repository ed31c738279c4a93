import {
  AccountLinked,
  AccountUnlinked,
  ProviderTokensRefreshed,
  type ProviderTokenFacts,
  type ProviderTokensPersonal,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { RegisteredUser, SocialAccountRef } from './user-state.js';

/** A provider's tokens as a command carries them: what is recorded openly, and what is sealed. */
export interface ProviderTokenGrant {
  readonly facts: ProviderTokenFacts;
  readonly secrets: ProviderTokensPersonal;
}

/** A provider account to join the user (the resolution already decided it may). */
export interface LinkSocialAccount {
  readonly type: 'LinkSocialAccount';
  readonly account: SocialAccountRef;
  readonly how: 'sign-up' | 'implicit' | 'link';
  /** The provider's address, kept sealed with the tokens for the user's list of accounts. */
  readonly email: string | null;
  readonly tokens: ProviderTokenGrant;
  readonly now: Date;
}

/** New tokens of one of the user's accounts, from a sign-in with it. */
export interface RefreshProviderTokens {
  readonly type: 'RefreshProviderTokens';
  readonly accountId: string;
  readonly tokens: ProviderTokenGrant;
  readonly now: Date;
}

/** The user unlinks one of their provider accounts (its row id). */
export interface UnlinkSocialAccount {
  readonly type: 'UnlinkSocialAccount';
  readonly accountId: string;
  /** `ALLOW_UNLINKING_ALL`: the last way to sign in may go too. */
  readonly allowUnlinkingAll: boolean;
  readonly now: Date;
}

export type SocialAccountCommand = LinkSocialAccount | UnlinkSocialAccount;

/** Who a refresh's tokens are recorded for: the user and the provider accounts they hold (all, or just the one). */
export interface TokenOwner {
  readonly userId: string;
  readonly socialAccounts: readonly Pick<SocialAccountRef, 'accountId'>[];
}

const sameKey = (a: SocialAccountRef, b: SocialAccountRef): boolean =>
  a.providerId === b.providerId && a.issuer === b.issuer && a.subject === b.subject;

/** The provider account of a registration through a provider, or of a link. */
export type SocialAccountGrant = Omit<LinkSocialAccount, 'type' | 'now'>;

/** The event that joins `account` to the user. */
export function accountLinked(userId: string, link: SocialAccountGrant, now: Date): PendingEvent {
  const data = { ...link.account, ...link.tokens.facts, userId, how: link.how, linkedAt: now.toISOString() };
  return pendingEvent(AccountLinked, data, { ...link.tokens.secrets, email: link.email }, userId);
}

/** One provider identity joins a user once; the accounts table's unique key keeps it from joining two users. */
export function linkSocialAccount(command: LinkSocialAccount, user: RegisteredUser): PendingEvent[] {
  if (user.socialAccounts.some((account) => sameKey(account, command.account))) {
    throw new DomainError(AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED);
  }
  return [accountLinked(user.userId, command, command.now)];
}

export function refreshProviderTokens(command: RefreshProviderTokens, user: TokenOwner): PendingEvent[] {
  if (!user.socialAccounts.some((account) => account.accountId === command.accountId)) {
    throw new DomainError(AuthErrors.ACCOUNT_NOT_FOUND);
  }
  const { userId } = user;
  const data = {
    ...command.tokens.facts,
    accountId: command.accountId,
    userId,
    refreshedAt: command.now.toISOString(),
  };
  return [pendingEvent(ProviderTokensRefreshed, data, command.tokens.secrets, userId)];
}

/**
 * A provider account leaves the user, but never their last way to sign in (the password or another provider
 * account) unless the operator allows it: the user would be locked out. Checked before the account itself, as the
 * reference does.
 */
export function unlinkSocialAccount(command: UnlinkSocialAccount, user: RegisteredUser): PendingEvent[] {
  const signInMethods = user.socialAccounts.length + (user.credentialAccountId === null ? 0 : 1);
  if (signInMethods <= 1 && !command.allowUnlinkingAll) throw new DomainError(AuthErrors.FAILED_TO_UNLINK_LAST_ACCOUNT);
  const account = user.socialAccounts.find(({ accountId }) => accountId === command.accountId);
  if (account === undefined) throw new DomainError(AuthErrors.ACCOUNT_NOT_FOUND);
  const { userId } = user;
  const data = { accountId: account.accountId, userId, providerId: account.providerId };
  return [pendingEvent(AccountUnlinked, { ...data, unlinkedAt: command.now.toISOString() })];
}
