import { verificationMail } from './verification-mail.js';

describe('verification mail', () => {
  const url = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F';

  it('addresses the user and carries the full link in both parts', () => {
    const mail = verificationMail({ email: 'ada@example.com', name: 'Ada', url, expiresAt: '2026-01-01T00:00:00Z' });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
  });

  it('escapes the name in the HTML part', () => {
    const mail = verificationMail({ email: 'x@example.com', name: '<script>', url, expiresAt: '2026-01-01T00:00:00Z' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
