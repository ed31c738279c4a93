import { DomainError, UsernameErrors } from '@authsvc/errors';
import { claimedUsername, normalizeUsername, usernameChanges } from './username-rules.js';

const rule = { min: 3, max: 30 };

function failureOf(action: () => unknown): { code: string; status: number } {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, status: error.status };
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('username rules', () => {
  it('stores a valid username lower-cased', () => {
    expect(normalizeUsername('Cool.User_1', rule, 'claim')).toBe('cool.user_1');
  });

  it.each([
    ['', UsernameErrors.INVALID_USERNAME.code],
    ['ab', UsernameErrors.USERNAME_TOO_SHORT.code],
    ['a'.repeat(31), UsernameErrors.USERNAME_TOO_LONG.code],
    ['has space', UsernameErrors.INVALID_USERNAME.code],
    ['dash-ed', UsernameErrors.INVALID_USERNAME.code],
    ['ünïcode', UsernameErrors.INVALID_USERNAME.code],
  ])('refuses %j with %s', (raw, code) => {
    expect(failureOf(() => normalizeUsername(raw, rule, 'claim'))).toEqual({ code, status: 400 });
  });

  it('answers rule errors of a lookup with 422', () => {
    expect(failureOf(() => normalizeUsername('ab', rule, 'lookup'))).toEqual({
      code: 'USERNAME_TOO_SHORT',
      status: 422,
    });
  });

  it('accepts the configured bounds exactly', () => {
    expect(normalizeUsername('abc', rule, 'claim')).toBe('abc');
    expect(normalizeUsername('a'.repeat(30), rule, 'claim')).toHaveLength(30);
  });
});

describe('the username a sign-up claims', () => {
  it('is none without username or displayUsername', () => {
    expect(claimedUsername({}, rule)).toEqual({ username: null, displayUsername: null });
  });

  it('keeps the typed form as displayUsername by default', () => {
    expect(claimedUsername({ username: 'Ada_L' }, rule)).toEqual({ username: 'ada_l', displayUsername: 'Ada_L' });
  });

  it('keeps an explicit displayUsername', () => {
    expect(claimedUsername({ username: 'ada', displayUsername: 'Ada Lovelace' }, rule)).toEqual({
      username: 'ada',
      displayUsername: 'Ada Lovelace',
    });
  });

  it('derives the username from a valid displayUsername alone', () => {
    expect(claimedUsername({ displayUsername: 'Ada.L' }, rule)).toEqual({
      username: 'ada.l',
      displayUsername: 'Ada.L',
    });
  });

  it('keeps a displayUsername that breaks the rules as the display name only', () => {
    expect(claimedUsername({ displayUsername: 'Ada Lovelace' }, rule)).toEqual({
      username: null,
      displayUsername: 'Ada Lovelace',
    });
  });

  it('refuses an invalid username even with a valid displayUsername', () => {
    expect(failureOf(() => claimedUsername({ username: 'a', displayUsername: 'abc' }, rule)).code).toBe(
      'USERNAME_TOO_SHORT',
    );
  });
});

describe('the username fields an update-user changes', () => {
  it('renames without touching the display name', () => {
    expect(usernameChanges({ username: 'Ada_L' }, rule)).toEqual({ username: 'ada_l' });
  });

  it('changes the display name alone without renaming', () => {
    expect(usernameChanges({ displayUsername: 'Ada.L' }, rule)).toEqual({ displayUsername: 'Ada.L' });
  });

  it('changes nothing when neither is given', () => {
    expect(usernameChanges({}, rule)).toEqual({});
  });
});
