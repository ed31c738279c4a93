import { mailsAddress } from './mail-rules.js';

describe('mailsAddress', () => {
  it.each(['magic-link', 'sign-in', 'email-verification', 'forget-password'] as const)(
    'mails an account %s whether or not sign-up is allowed',
    (kind) => {
      expect(mailsAddress(kind, true, true)).toBe(true);
      expect(mailsAddress(kind, true, false)).toBe(true);
    },
  );

  it('mails an address without account only what signs it up, while sign-up is allowed', () => {
    expect(mailsAddress('magic-link', false, true)).toBe(true);
    expect(mailsAddress('sign-in', false, true)).toBe(true);
    expect(mailsAddress('email-verification', false, true)).toBe(false);
    expect(mailsAddress('forget-password', false, true)).toBe(false);
    expect(mailsAddress('magic-link', false, false)).toBe(false);
    expect(mailsAddress('sign-in', false, false)).toBe(false);
  });
});
