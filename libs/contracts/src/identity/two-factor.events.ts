import { defineEvent } from '../messaging/event-definition.js';
import type { MailRequestData } from './mail-request-data.js';

/** How a second factor is proven. */
export type SecondFactorMethod = 'totp' | 'otp' | 'backup-code';

// WARNING: persisted names (event types and subjects), do not rename.
/**
 * A new TOTP secret and backup codes for the user (two-factor/enable), replacing any earlier ones; two-factor is on
 * only once a code of this secret is verified. The secret (recoverable, it computes every code) and the codes'
 * SHA-256 hashes (never the codes) are private to identity, sealed with the user's data key.
 */
export const TotpSecretIssued = defineEvent<
  'TotpSecretIssued',
  { userId: string; issuedAt: string },
  { secret: string; backupCodeHashes: string[] }
>('TotpSecretIssued', 'identity.events.two-factor.totp-secret-issued', { personalIsPrivate: true });

/** Two-factor is on: every sign-in of the user now needs a second factor (`method`: the one proven to turn it on). */
export const TwoFactorEnabled = defineEvent<
  'TwoFactorEnabled',
  { userId: string; method: 'totp' | 'otp'; enabledAt: string }
>('TwoFactorEnabled', 'identity.events.user.two-factor-enabled');

/**
 * Two-factor is off, its secret and backup codes void and every trusted device forgotten: by the user with their
 * password (`user`), by an admin (`admin`, the event's actor), or because the address of an unverified account was
 * proven by someone else than whoever set two-factor up (`address-claimed`, see UnverifiedAccountClaimed).
 */
export const TwoFactorDisabled = defineEvent<
  'TwoFactorDisabled',
  { userId: string; by: 'user' | 'admin' | 'address-claimed'; disabledAt: string }
>('TwoFactorDisabled', 'identity.events.user.two-factor-disabled');

/** New backup codes; the earlier ones are void. Only their hashes, private to identity. */
export const BackupCodesRegenerated = defineEvent<
  'BackupCodesRegenerated',
  { userId: string; regeneratedAt: string },
  { backupCodeHashes: string[] }
>('BackupCodesRegenerated', 'identity.events.two-factor.backup-codes-regenerated', { personalIsPrivate: true });

/** A backup code (its place in the current list) proved the second factor and is spent. */
export const BackupCodeUsed = defineEvent<'BackupCodeUsed', { userId: string; index: number; usedAt: string }>(
  'BackupCodeUsed',
  'identity.events.two-factor.backup-code-used',
);

/**
 * A wrong second factor (after a right first one, or from a signed-in session); `locked` when it locked the
 * second step of the account. Never the code, the address or the user agent.
 */
export const SecondFactorFailed = defineEvent<
  'SecondFactorFailed',
  { userId: string; method: SecondFactorMethod; locked: boolean; failedAt: string }
>('SecondFactorFailed', 'identity.events.security.second-factor-failed');

/**
 * Mails the user a one-time code for their second factor. The code is readable only until the request is
 * published (like a mailed link); identity keeps its hash alone.
 */
export const TwoFactorCodeRequested = defineEvent<
  'TwoFactorCodeRequested',
  MailRequestData,
  { email: string; name: string; code: string }
>('TwoFactorCodeRequested', 'identity.mail.two-factor-code', { personalUntilPublished: true });
