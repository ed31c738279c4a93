import { AuthErrors } from '@authsvc/errors';
import { rankedCommonPasswords } from '../../password/common-password-list.js';
import { assertAcceptablePassword, assertPasswordLength, commonPasswords } from './password-policy.js';

describe('password length rule', () => {
  const rule = { min: 8, max: 128 };

  it('accepts the bounds themselves', () => {
    expect(() => assertPasswordLength('a'.repeat(8), rule)).not.toThrow();
    expect(() => assertPasswordLength('a'.repeat(128), rule)).not.toThrow();
  });

  it('rejects one character too short with the catalogue error', () => {
    expect(() => assertPasswordLength('a'.repeat(7), rule)).toThrow(
      expect.objectContaining({ code: AuthErrors.PASSWORD_TOO_SHORT.code, status: 400 }),
    );
  });

  it('rejects one character too long with the catalogue error', () => {
    expect(() => assertPasswordLength('a'.repeat(129), rule)).toThrow(
      expect.objectContaining({ code: AuthErrors.PASSWORD_TOO_LONG.code, status: 400 }),
    );
  });
});

describe('common passwords', () => {
  const rule = { min: 8, max: 128 };
  const ranked = ['123456', 'password', 'Qwertyuiop', 'iloveyou', 'sunshine1'];

  it('keeps the most common ones that the lengths allow, in lower case, up to the count', () => {
    expect([...commonPasswords(ranked, rule, 2)]).toEqual(['password', 'qwertyuiop']);
    expect(commonPasswords(ranked, rule, 10).has('123456')).toBe(false);
  });

  it('refuses a common password in any letter case with the catalogue error, and lets others through', () => {
    const refused = { common: commonPasswords(ranked, rule, 10), contextWords: [] };
    expect(() => assertAcceptablePassword('ILoveYou', rule, refused)).toThrow(
      expect.objectContaining({ code: AuthErrors.PASSWORD_COMPROMISED.code, status: 400 }),
    );
    expect(() => assertAcceptablePassword('correct-horse-1', rule, refused)).not.toThrow();
  });

  it('refuses a password that contains a context word anywhere, in any letter case', () => {
    const refused = { common: new Set<string>(), contextWords: ['acme'] };
    expect(() => assertAcceptablePassword('my-ACME-login-2026', rule, refused)).toThrow(
      expect.objectContaining({ code: AuthErrors.PASSWORD_CONTAINS_CONTEXT_WORD.code, status: 400 }),
    );
    expect(() => assertAcceptablePassword('my-acne-login-2026', rule, refused)).not.toThrow();
  });

  it('checks the length first, as the reference does', () => {
    expect(() => assertAcceptablePassword('passwor', rule, { common: new Set(['passwor']), contextWords: [] })).toThrow(
      expect.objectContaining({ code: AuthErrors.PASSWORD_TOO_SHORT.code }),
    );
  });

  it('reads the ranked list of leaked passwords, most common first', () => {
    const list = rankedCommonPasswords();
    expect(list.length).toBeGreaterThan(10_000);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });
});
