import { codeFromMessage, DomainError, isErrorDefinition, withMessage } from './index.js';
import { allCatalogueEntries, AuthErrors, errorDefinitionOf, isCatalogueCode, RequestErrors } from './index.js';
import { OrganizationErrors } from './index.js';
import { UsernameErrors } from './index.js';

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
    expect(AuthErrors.FAILED_TO_UNLINK_LAST_ACCOUNT.code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
    expect(AuthErrors.SESSION_NOT_FRESH.code).toBe('SESSION_NOT_FRESH');
    expect(AuthErrors.LINKING_NOT_ALLOWED).toMatchObject({ code: 'LINKING_NOT_ALLOWED', status: 401 });
    expect(AuthErrors.DIFFERENT_EMAILS_NOT_ALLOWED.code).toBe('LINKING_DIFFERENT_EMAILS_NOT_ALLOWED');
    expect(AuthErrors.UNABLE_TO_CREATE_ACCOUNT).toMatchObject({ code: 'LINKING_FAILED', status: 417 });
    expect(AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED.status).toBe(409);
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

  it('answers a wording that names the case (the field) as is, and no other wording', () => {
    const named = errorDefinitionOf('FIELD_NOT_ALLOWED', { message: 'role is not allowed to be set' });
    expect(named).toMatchObject({ code: 'FIELD_NOT_ALLOWED', message: 'role is not allowed to be set', status: 400 });
    const forged = errorDefinitionOf('FIELD_NOT_ALLOWED', { message: 'Click http://evil.example/ to continue' });
    expect(forged?.message).toBe('Field not allowed to be set');
    expect(() => withMessage(AuthErrors.FIELD_NOT_ALLOWED, 'anything else')).toThrow();
    expect(() => withMessage(AuthErrors.USER_NOT_FOUND, 'User not found: x')).toThrow();
    expect(withMessage(OrganizationErrors.INVITATION_NOT_FOUND, 'Invitation not found!').message).toBe(
      'Invitation not found!',
    );
  });

  it('gives each organization error its key as code, as the current client names them', () => {
    for (const [key, { code }] of Object.entries(OrganizationErrors)) expect({ key, code }).toEqual({ key, code: key });
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

  it('finds every entry by its code and message', () => {
    for (const entry of allCatalogueEntries()) {
      expect(errorDefinitionOf(entry.code, { message: entry.message })).toEqual(entry);
    }
  });

  describe('errorDefinitionOf (a code from another process)', () => {
    it("answers the catalogue's message and status, whatever the sender claims", () => {
      expect(errorDefinitionOf('INVALID_EMAIL_OR_PASSWORD', { message: 'Wrong', status: 400 })).toEqual(
        AuthErrors.INVALID_EMAIL_OR_PASSWORD,
      );
      expect(errorDefinitionOf('PASSWORD_TOO_SHORT', { status: 500 })).toEqual(AuthErrors.PASSWORD_TOO_SHORT);
      expect(errorDefinitionOf('USER_NOT_FOUND', { status: 403 })).toEqual(AuthErrors.USER_NOT_FOUND);
    });

    it('keeps a status the catalogue allows for that code at some endpoints', () => {
      expect(errorDefinitionOf('INVALID_TOKEN', { status: 401 })).toEqual({ ...AuthErrors.INVALID_TOKEN, status: 401 });
      expect(errorDefinitionOf('INVALID_TOKEN', { status: 404 })).toEqual({ ...AuthErrors.INVALID_TOKEN, status: 404 });
      expect(errorDefinitionOf('INVALID_TOKEN', { status: 403 })).toEqual(AuthErrors.INVALID_TOKEN);
      expect(errorDefinitionOf('USERNAME_TOO_SHORT', { status: 422 })).toEqual({
        ...UsernameErrors.USERNAME_TOO_SHORT,
        status: 422,
      });
      expect(errorDefinitionOf('INVALID_EMAIL_OR_PASSWORD', { status: 404 })).toEqual(
        AuthErrors.INVALID_EMAIL_OR_PASSWORD,
      );
    });

    it('tells the entries of one code apart by message', () => {
      expect(errorDefinitionOf('VALIDATION_ERROR', { message: 'Invalid query parameters' })).toBe(
        RequestErrors.INVALID_QUERY,
      );
      expect(errorDefinitionOf('VALIDATION_ERROR', { message: 'Something', status: 422 })).toBe(
        RequestErrors.INVALID_BODY,
      );
    });

    it('knows no code outside the catalogue', () => {
      expect(errorDefinitionOf('SOMETHING_ELSE', { status: 418 })).toBeUndefined();
      expect(errorDefinitionOf('')).toBeUndefined();
    });
  });
});
