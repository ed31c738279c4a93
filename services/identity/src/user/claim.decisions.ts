import {
  AccountClaimNoticeRequested,
  AccountUnlinked,
  CredentialAccountRemoved,
  EmailVerified,
  TwoFactorDisabled,
  UnverifiedAccountClaimed,
} from '@authsvc/contracts';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { RegisteredUser } from './user-state.js';

/**
 * A mailed link or code proved the address of this user (better-auth's "promotion"). Until now nobody had proven
 * it, so whoever set the password or holds a session may not be the owner (pre-account takeover): the password
 * goes, every session ends, the address is verified, and the owner is told by mail (weak spot 10 of the
 * reference, which does it silently). Provider accounts linked before the proof go too, as in the reference: one
 * may be the squatter's, signed up with the address unverified; and so does a second factor set up before it (the
 * squatter's authenticator would lock the owner out; the reference keeps it). Passkeys and trusted devices, kept
 * outside the user's state, are removed by the caller first. A verified user is signed in as they are.
 */
export interface ClaimUnverifiedAccount {
  readonly type: 'ClaimUnverifiedAccount';
  readonly email: string;
  readonly name: string;
  /** Where the notice sends the owner (the app's sign-in). */
  readonly url: string;
  readonly now: Date;
}

/** How long the mailer may take to deliver the notice (it carries no link that acts: only a way back to the app). */
const NOTICE_DELIVERY_MS = 24 * 60 * 60 * 1000;

export function claimUnverifiedAccount(command: ClaimUnverifiedAccount, user: RegisteredUser): PendingEvent[] {
  if (user.emailVerified) return [];
  const { userId, credentialAccountId } = user;
  const at = command.now.toISOString();
  const credentialRemoved = credentialAccountId !== null;
  return [
    ...(credentialAccountId === null
      ? []
      : [
          pendingEvent(CredentialAccountRemoved, {
            userId,
            accountId: credentialAccountId,
            removedAt: at,
            reason: 'unverified-address-claimed',
          }),
        ]),
    ...user.socialAccounts.map(({ accountId, providerId }) =>
      pendingEvent(AccountUnlinked, { accountId, userId, providerId, unlinkedAt: at }),
    ),
    ...(user.twoFactor.enabled || user.twoFactor.secret !== null
      ? [pendingEvent(TwoFactorDisabled, { userId, by: 'address-claimed', disabledAt: at })]
      : []),
    pendingEvent(UnverifiedAccountClaimed, { userId, claimedAt: at, credentialRemoved }),
    pendingEvent(EmailVerified, { userId, verifiedAt: at }),
    pendingEvent(
      AccountClaimNoticeRequested,
      { userId, expiresAt: new Date(command.now.getTime() + NOTICE_DELIVERY_MS).toISOString(), credentialRemoved },
      { email: command.email, name: command.name, url: command.url },
      userId,
    ),
  ];
}
