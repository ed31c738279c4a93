import { actionMail, PASSWORD_RESET_WORDING, VERIFICATION_WORDING } from './action-mail.js';

describe('action mails', () => {
  const url = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F';
  const recipient = { email: 'ada@example.com', name: 'Ada', url, expiresAt: '2026-01-01T00:00:00Z' };

  it('addresses the user and carries the full link in both parts', () => {
    const mail = actionMail(recipient, VERIFICATION_WORDING);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Verify your email address' });
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
    expect(mail.text).toContain('Thu, 01 Jan 2026 00:00:00 GMT');
  });

  it('escapes the name in the HTML part', () => {
    const mail = actionMail({ ...recipient, name: '<script>' }, PASSWORD_RESET_WORDING);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('greets nobody by name when it knows none', () => {
    const anonymous = { ...recipient, name: undefined };
    expect(actionMail(anonymous, VERIFICATION_WORDING).text.split('\n')[0]).toBe('Hello,');
    expect(actionMail(anonymous, VERIFICATION_WORDING).html).toContain('<p>Hello,</p>');
  });
});
