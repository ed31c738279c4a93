import { AuthErrors } from '@authsvc/errors';
import { assertPasswordLength } from './password-policy.js';

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
