import { codeFromMessage, DomainError, isErrorDefinition } from './index.js';
import { allCatalogueEntries, AuthErrors, isCatalogueCode, RequestErrors } from './index.js';

describe('error catalogue', () => {
  it.each([
    ['Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD'],
    ["You can't unlink your last account", 'YOU_CANT_UNLINK_YOUR_LAST_ACCOUNT'],
    ['Invitation not found!', 'INVITATION_NOT_FOUND'],
    ['Account not linked - linking not allowed', 'ACCOUNT_NOT_LINKED__LINKING_NOT_ALLOWED'],
    ['invalid_token', 'INVALID_TOKEN'],
  ])('derives the code of "%s" as %s', (message, code) => {
    expect(codeFromMessage(message)).toBe(code);
  });

  it('keeps the explicit codes the current client compares', () => {
    expect(AuthErrors.USER_ALREADY_EXISTS.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(RequestErrors.INVALID_CALLBACK_URL).toEqual({
      message: 'Invalid callbackURL',
      code: 'INVALID_CALLBACK_URL',
      status: 403,
    });
    expect(RequestErrors.INVALID_BODY).toEqual({
      message: 'Invalid body parameters',
      code: 'VALIDATION_ERROR',
      status: 400,
    });
  });

  it('gives every entry an upper-snake code and an HTTP error status', () => {
    for (const entry of allCatalogueEntries()) {
      expect(entry.code).toMatch(/^[A-Z0-9_]+$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
    }
  });

  it('serialises a domain error to exactly {code, message, status} and recognises it on the other side', () => {
    const wire = JSON.parse(JSON.stringify(new DomainError(AuthErrors.PASSWORD_TOO_SHORT)));
    expect(wire).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short', status: 400 });
    expect(isErrorDefinition(wire)).toBe(true);
    expect(isCatalogueCode(wire.code)).toBe(true);
    expect(isErrorDefinition({ code: 'X', message: 'y', status: 200 })).toBe(false);
    expect(isErrorDefinition(new Error('boom'))).toBe(false);
  });
});
