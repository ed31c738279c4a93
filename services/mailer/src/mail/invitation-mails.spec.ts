import { randomUUID } from 'node:crypto';
import { InvitationAccepted, InvitationCreated, InvitationResent, type PublishedEvent } from '@authsvc/contracts';
import { invitationUrl, renderInvitationMail } from './invitation-mails.js';

const baseUrl = new URL('https://app.example.com/');

function event(type: string, personal: object | null): PublishedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'organization-org-1',
    streamPosition: 2,
    globalPosition: '7',
    data: {
      organizationId: 'org-1',
      invitationId: 'inv-1',
      role: 'member',
      teamId: null,
      inviterId: 'user-1',
      organizationName: 'Acme',
      expiresAt: '2026-01-03T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    personal,
    metadata: {
      eventId: randomUUID(),
      correlationId: 'c',
      causationId: null,
      actorId: 'user-1',
      occurredAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

const personal = { email: 'ada@example.com', inviterName: 'Grace', inviterEmail: 'grace@example.com' };

describe('rendering an invitation event', () => {
  it.each([InvitationCreated.type, InvitationResent.type])(
    'mails %s to the invitee, removed with the organization or the inviter, expiring with the invitation',
    (type) => {
      const requested = renderInvitationMail(event(type, personal), baseUrl);
      expect(requested).toMatchObject({
        organizationId: 'org-1',
        userId: 'user-1',
        kind: type,
        linkExpiresAt: new Date('2026-01-03T00:00:00.000Z'),
        mail: { to: 'ada@example.com', subject: 'Grace invited you to join Acme' },
      });
      expect(requested?.mail.text).toContain('https://app.example.com/accept-invitation/inv-1');
    },
  );

  it('mails nobody once the personal data was erased (the organization was deleted)', () => {
    expect(renderInvitationMail(event(InvitationCreated.type, null), baseUrl)).toBeNull();
  });

  it('mails nothing for the other invitation events', () => {
    expect(renderInvitationMail(event(InvitationAccepted.type, personal), baseUrl)).toBeNull();
  });
});

describe('the accept link', () => {
  it('is the web client page under BASE_URL, its path kept, the id encoded', () => {
    expect(invitationUrl(new URL('http://localhost:3000'), 'inv-1')).toBe(
      'http://localhost:3000/accept-invitation/inv-1',
    );
    expect(invitationUrl(new URL('https://example.com/auth/'), 'a/b?c')).toBe(
      'https://example.com/auth/accept-invitation/a%2Fb%3Fc',
    );
  });
});
