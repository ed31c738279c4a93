import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { EmailOtpPasswordReset } from './email-otp-password-reset.js';
import { EmailOtpSender } from './email-otp-sender.js';
import { EmailOtpVerification } from './email-otp-verification.js';
import { EmailOtps } from './email-otps.js';
import { MagicLinks } from './magic-links.js';
import { PasswordlessAccounts } from './passwordless-accounts.js';
import { PasswordlessKeys } from './passwordless-keys.js';
import { PasswordlessMails } from './passwordless-mails.js';
import { PasswordlessStore } from './passwordless-store.js';

/** Sign-in by mailed link or code: the hashed secrets in Redis, their mails, and the accounts they open. */
export function passwordlessProviders(redis: Redis): Provider[] {
  return [
    { provide: PasswordlessStore, useValue: new PasswordlessStore(redis) },
    PasswordlessKeys,
    PasswordlessMails,
    PasswordlessAccounts,
    MagicLinks,
    EmailOtps,
    EmailOtpSender,
    EmailOtpVerification,
    EmailOtpPasswordReset,
  ];
}
