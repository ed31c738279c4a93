import { redactLinks, REDACTED_CODE } from '../redact-links.js';
import { claimNoticeMail, codeMail } from './code-mail.js';

describe('passwordless mails', () => {
  const recipient = { email: 'ada@example.com', name: 'Ada', otp: '042317', expiresAt: '2026-01-01T00:05:00Z' };

  it('carries the code in both parts, worded for its purpose', () => {
    const mail = codeMail(recipient, 'forget-password');
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Reset your password' });
    expect(mail.text).toContain('Your one-time code: 042317');
    expect(mail.html).toContain('Your one-time code: 042317');
    expect(codeMail(recipient, 'sign-in').subject).toBe('Your sign-in code');
  });

  it('loses the code, not the wording, when redacted after delivery', () => {
    const redacted = redactLinks(codeMail(recipient, 'sign-in'));
    for (const part of [redacted.text, redacted.html]) {
      expect(part).not.toContain('042317');
      expect(part).toContain(`one-time code: ${REDACTED_CODE}`);
    }
  });

  it('tells the owner of a claimed account whether its password was removed, escaping the name', () => {
    const notice = claimNoticeMail(
      { email: 'ada@example.com', name: '<b>Ada</b>', url: 'http://localhost:3000/' },
      true,
    );
    expect(notice.text).toContain('its password was removed');
    expect(notice.html).not.toContain('<b>Ada</b>');
    const withoutPassword = claimNoticeMail(
      { email: 'ada@example.com', name: '', url: 'http://localhost:3000/' },
      false,
    );
    expect(withoutPassword.text).not.toContain('password was removed');
    expect(withoutPassword.text.startsWith('Hello,')).toBe(true);
  });
});
