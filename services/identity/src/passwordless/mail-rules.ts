import type { EmailOtpType } from '@authsvc/contracts';

/**
 * Whether asking for a link or code mails the address, as the reference decides: an account's address always;
 * an address without account only what registers it on first use (a magic link, a sign-in code), and only while
 * sign-up by link or code is allowed (EMAIL_SIGN_IN_SIGN_UP). The answer is the same either way.
 */
export function mailsAddress(kind: 'magic-link' | EmailOtpType, hasAccount: boolean, signUpAllowed: boolean): boolean {
  if (hasAccount) return true;
  return signUpAllowed && (kind === 'magic-link' || kind === 'sign-in');
}
