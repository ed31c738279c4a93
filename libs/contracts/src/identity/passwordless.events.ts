import { defineEvent } from '../messaging/event-definition.js';
import type { EmailOtpType } from './passwordless.requests.js';

/**
 * What a passwordless mail request says. Recorded on the address's stream (`passwordless-<addressId>`), whether
 * or not the address has an account, so that asking costs the same either way; `userId` is the account's when
 * it has one (its deletion removes the mail), `addressId` a keyed hash of the address otherwise.
 */
export interface PasswordlessMailData {
  userId: string | null;
  addressId: string;
  expiresAt: string;
}

/** Readable only until published, as every mail request (it carries a live link or code). */
const MAIL_REQUEST_OPTIONS = { personalUntilPublished: true } as const;

// WARNING: persisted names (event types and subjects), do not rename.
/** A sign-in link for the address (better-auth's magicLink): `url` signs in whoever opens it. */
export const MagicLinkRequested = defineEvent<
  'MagicLinkRequested',
  PasswordlessMailData,
  { email: string; name: string; url: string }
>('MagicLinkRequested', 'identity.mail.magic-link', MAIL_REQUEST_OPTIONS);

/** A one-time code for the address (better-auth's emailOTP), for what `otpType` says. */
export const EmailOtpRequested = defineEvent<
  'EmailOtpRequested',
  PasswordlessMailData & { otpType: EmailOtpType },
  { email: string; name: string; otp: string }
>('EmailOtpRequested', 'identity.mail.email-otp', MAIL_REQUEST_OPTIONS);

/**
 * The credential (password) account is gone: someone proved the address by a mailed link or code while the user
 * was unverified, so a password set before that proof (perhaps by someone else: pre-account takeover) no longer
 * opens the account, and every session started before `removedAt` ends.
 */
export const CredentialAccountRemoved = defineEvent<
  'CredentialAccountRemoved',
  { userId: string; accountId: string; removedAt: string; reason: 'unverified-address-claimed' }
>('CredentialAccountRemoved', 'identity.events.account.credential-removed');

/**
 * Someone proved the address of an unverified user by a mailed link or code: whatever was set up before that
 * proof (a password, linked provider accounts, sessions) may be someone else's, so it goes (the accounts by their
 * own events before this one). Every session started before `claimedAt` ends.
 */
export const UnverifiedAccountClaimed = defineEvent<
  'UnverifiedAccountClaimed',
  { userId: string; claimedAt: string; credentialRemoved: boolean }
>('UnverifiedAccountClaimed', 'identity.events.user.unverified-account-claimed');

/** Tells the owner of the address that their unverified account was claimed by a mailed link or code. */
export const AccountClaimNoticeRequested = defineEvent<
  'AccountClaimNoticeRequested',
  { userId: string; expiresAt: string; credentialRemoved: boolean },
  { email: string; name: string; url: string }
>('AccountClaimNoticeRequested', 'identity.mail.account-claimed', MAIL_REQUEST_OPTIONS);
