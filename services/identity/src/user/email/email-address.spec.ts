import { AuthErrors } from '@authsvc/errors';
import { normalizeEmail } from './email-address.js';

describe('email address', () => {
  it('is lower-cased and trimmed', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it.each(['not-an-email', 'a@', '@b.com', ''])('"%s" is refused as INVALID_EMAIL', (email) => {
    expect(() => normalizeEmail(email)).toThrow(expect.objectContaining({ code: AuthErrors.INVALID_EMAIL.code }));
  });
});
