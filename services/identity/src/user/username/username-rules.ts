import { DomainError, HttpStatus, UsernameErrors, type ErrorDefinition } from '@authsvc/errors';

export interface UsernameLengthRule {
  readonly min: number;
  readonly max: number;
}

const ALLOWED_CHARACTERS = /^[a-zA-Z0-9_.]+$/;

/** The first username rule `raw` breaks, or null. */
export function usernameRuleBroken(raw: string, rule: UsernameLengthRule): ErrorDefinition | null {
  if (raw.length < rule.min) return UsernameErrors.USERNAME_TOO_SHORT;
  if (raw.length > rule.max) return UsernameErrors.USERNAME_TOO_LONG;
  if (!ALLOWED_CHARACTERS.test(raw)) return UsernameErrors.INVALID_USERNAME;
  return null;
}

/**
 * Where a username is only looked up (sign-in, availability) the reference answers its rule errors with
 * 422; where one is claimed (sign-up, update-user) with the catalogue's 400.
 */
export type UsernameUse = 'claim' | 'lookup';

/** The stored, lower-cased form of a username that follows the rules; a catalogue error otherwise. */
export function normalizeUsername(raw: string, rule: UsernameLengthRule, use: UsernameUse): string {
  const broken = usernameRuleBroken(raw, rule);
  if (broken) {
    throw new DomainError(broken, { status: use === 'lookup' ? HttpStatus.UNPROCESSABLE_ENTITY : undefined });
  }
  return raw.toLowerCase();
}

export interface ClaimedUsername {
  readonly username: string;
  readonly displayUsername: string;
}

/**
 * The username a sign-up asks for: `displayUsername` defaults to the username as typed, and a
 * `displayUsername` alone becomes the username when it follows the rules.
 */
export function claimedUsername(
  input: { readonly username?: string; readonly displayUsername?: string },
  rule: UsernameLengthRule,
): ClaimedUsername | null {
  if (input.username !== undefined) {
    return {
      username: normalizeUsername(input.username, rule, 'claim'),
      displayUsername: input.displayUsername ?? input.username,
    };
  }
  const display = input.displayUsername;
  if (display === undefined || usernameRuleBroken(display, rule)) return null;
  return { username: display.toLowerCase(), displayUsername: display };
}
