import {
  actionMail,
  CHANGE_EMAIL_APPROVAL_WORDING,
  CHANGE_EMAIL_WORDING,
  DELETE_ACCOUNT_WORDING,
  PASSWORD_RESET_WORDING,
  VERIFICATION_WORDING,
} from './templates/action-mail.js';
import { invitationMail } from './templates/invitation-mail.js';
import { REDACTED_LINK, redactLinks } from './redact-links.js';

describe('redacting a delivered mail', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl';
  const recipient = { email: 'ada@example.com', name: 'Ada', expiresAt: '2026-01-01T00:00:00Z' };
  const everyWording = [
    VERIFICATION_WORDING,
    PASSWORD_RESET_WORDING,
    DELETE_ACCOUNT_WORDING,
    CHANGE_EMAIL_APPROVAL_WORDING,
    CHANGE_EMAIL_WORDING,
  ];
  const links = [
    `http://localhost:3000/api/auth/verify-email?token=${token}&callbackURL=%2Fwelcome%3Fa%3D1%26b%3D%27x%27`,
    `https://auth.example.com/api/auth/reset-password/${token}?callbackURL=https%3A%2F%2Fapp.example.com%2Freset`,
    `HTTPS://auth.example.com/api/auth/delete-user/callback?token=${token}`,
  ];

  it.each(everyWording.flatMap((wording) => links.map((url) => [wording.subject, wording, url] as const)))(
    'leaves no trace of the token in "%s" (%#)',
    (_subject, wording, url) => {
      const redacted = redactLinks(actionMail({ ...recipient, url }, wording));
      for (const part of [redacted.subject, redacted.text, redacted.html]) {
        expect(part).not.toContain(token);
        expect(part).not.toMatch(/https?:/i);
      }
    },
  );

  it('keeps the wording and marks where the link was, in both parts', () => {
    const mail = actionMail({ ...recipient, url: links[0] }, VERIFICATION_WORDING);
    const redacted = redactLinks(mail);
    expect(redacted.subject).toBe(mail.subject);
    expect(redacted.text).toBe(mail.text.replace(links[0], REDACTED_LINK));
    expect(redacted.html).toContain(`<a href="${REDACTED_LINK}">Verify my email address</a>`);
    expect(redacted.html).toContain(`Or copy this link: ${REDACTED_LINK}</p>`);
    expect(redacted.text).toContain('Hello Ada,');
  });

  it('changes nothing in a mail without links, and is idempotent', () => {
    const plain = { subject: 'Hello', text: 'No link here.', html: '<p>No link here.</p>' };
    expect(redactLinks(plain)).toEqual(plain);
    const once = redactLinks(actionMail({ ...recipient, url: links[1] }, PASSWORD_RESET_WORDING));
    expect(redactLinks(once)).toEqual(once);
  });

  it("removes an invitation's accept link too, keeping who invited whom", () => {
    const url = 'https://app.example.com/accept-invitation/inv-123';
    const mail = invitationMail({
      email: 'ada@example.com',
      inviterName: 'Grace',
      inviterEmail: 'grace@example.com',
      organizationName: 'Acme',
      role: 'member',
      expiresAt: recipient.expiresAt,
      url,
    });
    const redacted = redactLinks(mail);
    expect(redacted.text).toBe(mail.text.replace(url, REDACTED_LINK));
    expect(redacted.html).not.toContain('inv-123');
    expect(redacted.text).toContain('Grace (grace@example.com) invited you to join Acme as member.');
  });
});
