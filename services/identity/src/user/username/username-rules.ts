import { DomainError, HttpStatus, UsernameErrors, type ErrorDefinition } from '@authsvc/errors';

export interface UsernameLengthRule {
  readonly min: number;
  readonly max: number;
}

const ALLOWED_CHARACTERS = /^[a-zA-Z0-9_.]+$/;

/** The first username rule `raw` breaks, or null. An empty string is no username at all, not a short one. */
export function usernameRuleBroken(raw: string, rule: UsernameLengthRule): ErrorDefinition | null {
  if (raw === '') return UsernameErrors.INVALID_USERNAME;
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
  readonly username: string | null;
  readonly displayUsername: string | null;
}

interface UsernameInput {
  readonly username?: string;
  readonly displayUsername?: string;
}

/**
 * The username a sign-up asks for: `displayUsername` defaults to the username as typed; a `displayUsername` alone
 * becomes the username when it follows the rules, and stays the display name when it does not (as the reference's).
 */
export function claimedUsername(input: UsernameInput, rule: UsernameLengthRule): ClaimedUsername {
  if (input.username !== undefined) {
    return {
      username: normalizeUsername(input.username, rule, 'claim'),
      displayUsername: input.displayUsername ?? input.username,
    };
  }
  const display = input.displayUsername ?? null;
  const username = display !== null && !usernameRuleBroken(display, rule) ? display.toLowerCase() : null;
  return { username, displayUsername: display };
}

/** What an update-user changes: each of the two only when given (a new username keeps the display name). */
export function usernameChanges(
  input: UsernameInput,
  rule: UsernameLengthRule,
): { username?: string; displayUsername?: string } {
  return {
    ...(input.username !== undefined && { username: normalizeUsername(input.username, rule, 'claim') }),
    ...(input.displayUsername !== undefined && { displayUsername: input.displayUsername }),
  };
}
