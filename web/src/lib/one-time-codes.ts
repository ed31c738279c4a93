/** The ways to finish a sign-in with a second factor; a backup code always works once two-factor is on. */
export const SECOND_FACTOR_METHODS = ['totp', 'otp', 'backup'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * The methods to offer, from the sign-in answer's `twoFactorMethods` (`totp`, `otp`) or, when the screen was
 * reached without it (a redirected social sign-in, a reload), every method: the server refuses those it lacks.
 */
export function offeredMethods(twoFactorMethods: unknown): SecondFactorMethod[] {
  const listed = Array.isArray(twoFactorMethods)
    ? SECOND_FACTOR_METHODS.filter((method) => method !== 'backup' && twoFactorMethods.includes(method))
    : [];
  return listed.length > 0 ? [...listed, 'backup'] : [...SECOND_FACTOR_METHODS];
}

/** Whether a first-factor answer asks for a second factor, and which methods it names. */
export function twoFactorChallenge(answer: unknown): { methods: SecondFactorMethod[] } | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { twoFactorRedirect, twoFactorMethods } = answer as Record<string, unknown>;
  return twoFactorRedirect === true ? { methods: offeredMethods(twoFactorMethods) } : null;
}

/**
 * Whether an error of a second-factor check ended the sign-in attempt, so that only signing in again helps: the
 * challenge expired or was used up (INVALID_TWO_FACTOR_COOKIE), its tries ran out (for a mailed code, a new code
 * helps instead), or the account is locked for a while.
 */
export function endsSignInAttempt(code: string | undefined, method: SecondFactorMethod): boolean {
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'ACCOUNT_TEMPORARILY_LOCKED') return true;
  return code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' && method !== 'otp';
}

/** A typed code as the server compares it: people paste "123 456" or "123-456" from an app or a mail. */
export function digitsOfCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/**
 * A typed backup code as issued (`xxxxx-xxxxx`): spaces dropped, and the hyphen put back when someone left it out;
 * letters keep their case, which the code has.
 */
export function normaliseBackupCode(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : typed.trim();
}

/** The backup codes as a text to keep (copied or printed): a title line, then one numbered code per line. */
export function backupCodesText(codes: readonly string[], account: string): string {
  const width = String(codes.length).length;
  const lines = codes.map((code, index) => `${String(index + 1).padStart(width, ' ')}. ${code}`);
  return [`Backup codes for ${account} (each works once)`, ...lines].join('\n');
}
