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
