import { AuthErrors, DomainError } from '@authsvc/errors';

export interface PasswordLengthRule {
  readonly min: number;
  readonly max: number;
}

/** Length counted in UTF-16 units, as the reference client counts it. */
export function assertPasswordLength(password: string, rule: PasswordLengthRule): void {
  if (password.length < rule.min) throw new DomainError(AuthErrors.PASSWORD_TOO_SHORT);
  if (password.length > rule.max) throw new DomainError(AuthErrors.PASSWORD_TOO_LONG);
}

/**
 * The `count` most common passwords that the length rule would let through (shorter ones are refused anyway),
 * from a list ranked most common first, in lower case.
 */
export function commonPasswords(ranked: readonly string[], rule: PasswordLengthRule, count: number): Set<string> {
  const refused = new Set<string>();
  for (const password of ranked) {
    if (refused.size >= count) break;
    if (password.length >= rule.min && password.length <= rule.max) refused.add(password.toLowerCase());
  }
  return refused;
}

/** Passwords a new one may not be (`common`) or contain (`contextWords`: the product's, company's names), lower case. */
export interface GuessablePasswords {
  readonly common: ReadonlySet<string>;
  readonly contextWords: readonly string[];
}

/** What a new password must be: within the length rule, not a common password, free of the context words. */
export function assertAcceptablePassword(
  password: string,
  rule: PasswordLengthRule,
  refused: GuessablePasswords,
): void {
  assertPasswordLength(password, rule);
  const lowerCase = password.toLowerCase();
  if (refused.common.has(lowerCase)) throw new DomainError(AuthErrors.PASSWORD_COMPROMISED);
  if (refused.contextWords.some((word) => lowerCase.includes(word))) {
    throw new DomainError(AuthErrors.PASSWORD_CONTAINS_CONTEXT_WORD);
  }
}
