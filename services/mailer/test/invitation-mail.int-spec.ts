import { randomBytes, randomUUID } from 'node:crypto';
import {
  InvitationCreated,
  InvitationResent,
  MailerConsumers,
  OrganizationDeleted,
  UserDeleted,
  type InvitationMailPersonal,
  type PublishedEvent,
} from '@authsvc/contracts';
import { eventually, sleep } from '../../../gateway/test/support/eventually.js';
import { MailerStack } from './support/mailer-stack.js';

const BASE_URL = 'https://app.example.test';
const { organizationInvitations } = MailerConsumers;

const freshId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;
const freshEmail = () => `${freshId('invitee')}@example.com`;

let position = 0;
/** An event as its service's relay publishes it. */
function published(type: string, streamId: string, data: object, personal: object | null): PublishedEvent {
  position += 1;
  return {
    type,
    schemaVersion: 1,
    streamId,
    streamPosition: position,
    globalPosition: String(position),
    data,
    personal,
    metadata: {
      eventId: randomUUID(),
      correlationId: 'mailer-int-spec',
      causationId: null,
      actorId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

interface Invitation {
  readonly organizationId: string;
  readonly invitationId: string;
  readonly inviterId: string;
  readonly email: string;
}

const inviter = { inviterName: 'Grace <Hopper>', inviterEmail: 'grace@example.com' };
const expiresAt = '2031-05-02T10:00:00.000Z';

function invitationCreated({ organizationId, invitationId, inviterId, email }: Invitation): PublishedEvent {
  const data = {
    organizationId,
    invitationId,
    role: 'admin,member',
    teamId: null,
    inviterId,
    organizationName: 'Acme & Sons',
    expiresAt,
    createdAt: new Date().toISOString(),
  };
  const personal: InvitationMailPersonal = { email, ...inviter };
  return published(InvitationCreated.type, `organization-${organizationId}`, data, personal);
}

const freshInvitation = (): Invitation => ({
  organizationId: freshId('org'),
  invitationId: freshId('inv'),
  inviterId: freshId('inviter'),
  email: freshEmail(),
});

/** The deletions that remove an invitation's mails: its organization's, and its inviter's account's. */
const deletions = {
  'its organization': ({ organizationId }: Invitation) => ({
    subject: OrganizationDeleted.subject,
    event: published(
      OrganizationDeleted.type,
      `organization-${organizationId}`,
      { organizationId, slug: 'acme', deletedAt: new Date().toISOString() },
      null,
    ),
  }),
  'its inviter': ({ inviterId }: Invitation) => ({
    subject: UserDeleted.subject,
    event: published(
      UserDeleted.type,
      `user-${inviterId}`,
      { userId: inviterId, deletedAt: new Date().toISOString() },
      null,
    ),
  }),
};

describe('the invitation mail: one per invitation event, whatever is redelivered, with two mailer replicas', () => {
  let stack: MailerStack;

  beforeAll(async () => {
    stack = await MailerStack.start({ replicas: 2, env: { BASE_URL, DEV_MAILBOX_ENABLED: 'true' } });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Waits for the invitations' consumer to be done up to `seq`, then past a few sender rounds: a second mail would be there. */
  async function quiet(seq: number): Promise<void> {
    await stack.acknowledged(organizationInvitations, seq);
    await sleep(2500);
  }

  it('mails InvitationCreated once, though the same event arrives three times', async () => {
    const invitation = freshInvitation();
    const event = invitationCreated(invitation);
    await stack.publish(InvitationCreated.subject, event);
    // The same event again as JetStream stores it when the relay publishes it again past the duplicate window (or
    // delivers it again when an ack was lost): a new message, the same event id.
    await stack.publish(InvitationCreated.subject, event, `${event.metadata.eventId}-again`);
    const last = await stack.publish(InvitationCreated.subject, event, `${event.metadata.eventId}-once-more`);

    await eventually(async () => (stack.smtp.mailsTo(invitation.email).length > 0 ? true : undefined), {
      what: 'the invitation mail',
    });
    await quiet(last);
    const mails = stack.smtp.mailsTo(invitation.email);
    expect(mails).toHaveLength(1);
    const { content } = mails[0];
    expect(content).toContain('Subject: Grace <Hopper> invited you to join Acme & Sons');
    expect(content).toContain(
      'Grace <Hopper> (grace@example.com) invited you to join Acme & Sons as admin and member.',
    );
    expect(content).toContain('Grace &lt;Hopper&gt; (grace@example.com) invited you to join Acme &amp; Sons');
    expect(content).toContain('The invitation is valid until Fri, 02 May 2031 10:00:00 GMT.');
    expect(stack.smtp.linksTo(invitation.email, `/accept-invitation/${invitation.invitationId}`)).toEqual([
      new URL(`${BASE_URL}/accept-invitation/${invitation.invitationId}`),
    ]);
  });

  it('mails InvitationResent once more, and both show in the development mailbox', async () => {
    const invitation = freshInvitation();
    const created = invitationCreated(invitation);
    const resent = published(
      InvitationResent.type,
      `organization-${invitation.organizationId}`,
      {
        organizationId: invitation.organizationId,
        invitationId: invitation.invitationId,
        inviterId: invitation.inviterId,
        organizationName: 'Acme & Sons',
        role: 'member',
        expiresAt: '2031-05-09T10:00:00.000Z',
      },
      { email: invitation.email, ...inviter },
    );
    await stack.publish(InvitationCreated.subject, created);
    await stack.publish(InvitationResent.subject, resent);
    const last = await stack.publish(InvitationResent.subject, resent, `${resent.metadata.eventId}-again`);

    await eventually(async () => (stack.smtp.mailsTo(invitation.email).length >= 2 ? true : undefined), {
      what: 'both invitation mails',
    });
    await quiet(last);
    const mails = stack.smtp.mailsTo(invitation.email);
    expect(mails).toHaveLength(2);
    expect(mails.filter(({ content }) => content.includes('valid until Fri, 09 May 2031 10:00:00 GMT'))).toHaveLength(
      1,
    );

    const mailbox = await stack.mailbox();
    const ours = mailbox.filter((mail) => mail.to === invitation.email);
    expect(ours.map(({ kind, sourceEventId, status }) => ({ kind, sourceEventId, status })).sort(byKind)).toEqual([
      { kind: InvitationCreated.type, sourceEventId: created.metadata.eventId, status: 'sent' },
      { kind: InvitationResent.type, sourceEventId: resent.metadata.eventId, status: 'sent' },
    ]);
    // The development mailbox keeps the link for the developer.
    expect(ours[0].text).toContain(`${BASE_URL}/accept-invitation/${invitation.invitationId}`);
  });

  it('mails nobody for an invitation whose personal data was erased, and acknowledges it', async () => {
    const erased = { ...invitationCreated(freshInvitation()), personal: null };
    await stack.acknowledged(organizationInvitations, await stack.publish(InvitationCreated.subject, erased));
    expect(await stack.storedMails([erased.metadata.eventId])).toEqual([]);
  });

  it.each(Object.keys(deletions))(
    'forgets the invitation mails when %s is deleted, and stores none of its invitations handled after',
    async (deleted) => {
      const before = freshInvitation();
      const beforeEvent = invitationCreated(before);
      await stack.publish(InvitationCreated.subject, beforeEvent);
      await eventually(async () => (stack.smtp.mailsTo(before.email).length > 0 ? true : undefined), {
        what: 'the invitation mail',
      });
      // The mail is marked sent once the SMTP server accepted it, a moment after the sink has it.
      await eventually(
        async () =>
          (await stack.storedMails([beforeEvent.metadata.eventId]))[0]?.status === 'sent' ? true : undefined,
        { what: 'the mail marked sent' },
      );
      expect(await stack.storedMails([beforeEvent.metadata.eventId])).toEqual([
        { status: 'sent', organizationId: before.organizationId, userId: before.inviterId },
      ]);

      const deletion = deletions[deleted as keyof typeof deletions](before);
      await stack.publish(deletion.subject, deletion.event);
      await eventually(
        async () => (await stack.storedMails([beforeEvent.metadata.eventId])).length === 0 || undefined,
        {
          what: 'the mail to go',
        },
      );

      // Published before the deletion erased it, handled after: too late to mail, and not stored.
      const late = { ...freshInvitation(), organizationId: before.organizationId, inviterId: before.inviterId };
      const lateEvent = invitationCreated(late);
      await quiet(await stack.publish(InvitationCreated.subject, lateEvent));
      expect(await stack.storedMails([lateEvent.metadata.eventId])).toEqual([]);
      expect(stack.smtp.mailsTo(late.email)).toHaveLength(0);
    },
  );
});

const byKind = (a: { kind: string | null }, b: { kind: string | null }) => (a.kind ?? '').localeCompare(b.kind ?? '');
