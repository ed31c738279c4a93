import { invitationMail, type InvitationMailContent } from './invitation-mail.js';

describe('invitation mail', () => {
  const url = 'http://localhost:3000/accept-invitation/inv-123';
  const invitation: InvitationMailContent = {
    email: 'ada@example.com',
    inviterName: 'Grace Hopper',
    inviterEmail: 'grace@example.com',
    organizationName: 'Acme',
    role: 'admin',
    expiresAt: '2026-01-03T00:00:00Z',
    url,
  };

  it('tells the invitee who invited them to which organization, as what and until when, with the link', () => {
    const mail = invitationMail(invitation);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Grace Hopper invited you to join Acme' });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Grace Hopper (grace@example.com) invited you to join Acme as admin.');
      expect(part).toContain('The invitation is valid until Sat, 03 Jan 2026 00:00:00 GMT.');
      expect(part).toContain(url);
    }
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(mail.html).toContain(`<a href="${url}">Accept the invitation</a>`);
  });

  it('names several roles, and the inviter by address when they have no name', () => {
    const mail = invitationMail({ ...invitation, inviterName: ' ', role: 'admin,member, owner' });
    expect(mail.subject).toBe('grace@example.com invited you to join Acme');
    expect(mail.text).toContain('grace@example.com invited you to join Acme as admin, member and owner.');
  });

  it('escapes the organization and inviter names in the HTML part, and keeps them as written in the text', () => {
    const mail = invitationMail({
      ...invitation,
      inviterName: '<b>Grace</b>',
      organizationName: 'Acme & "Sons" <script>alert(1)</script>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;Grace&lt;/b&gt;');
    expect(mail.html).toContain('Acme &amp; &quot;Sons&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain('<b>Grace</b> (grace@example.com) invited you to join Acme & "Sons" <script>');
  });

  it('keeps the subject on one line whatever the names hold', () => {
    const mail = invitationMail({
      ...invitation,
      inviterName: 'Grace\r\nBcc: x@example.com',
      organizationName: 'A\nB',
    });
    expect(mail.subject).toBe('Grace Bcc: x@example.com invited you to join A B');
  });
});
