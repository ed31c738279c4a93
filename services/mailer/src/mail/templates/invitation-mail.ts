import { actionMail } from './action-mail.js';
import type { RenderedMail } from './rendered-mail.js';

/** What an invitation mail says: who invites whom, to which organization, as what, until when, and where to accept. */
export interface InvitationMailContent {
  readonly email: string;
  readonly inviterName: string;
  readonly inviterEmail: string;
  readonly organizationName: string;
  /** One role, or several comma-separated. */
  readonly role: string;
  readonly expiresAt: string;
  readonly url: string;
}

/** The invitee is addressed by email only: they may have no account yet, and we know no name of theirs. */
export function invitationMail(invitation: InvitationMailContent): RenderedMail {
  const inviterName = invitation.inviterName.trim();
  const inviter = inviterName ? `${inviterName} (${invitation.inviterEmail})` : invitation.inviterEmail;
  const invited = `${inviter} invited you to join ${invitation.organizationName} as ${roles(invitation.role)}`;
  const mail = actionMail(
    { email: invitation.email, url: invitation.url, expiresAt: invitation.expiresAt },
    {
      subject: `${inviterName || invitation.inviterEmail} invited you to join ${invitation.organizationName}`,
      request: `${invited}. To accept, sign in with this email address and open this link`,
      button: 'Accept the invitation',
      ifNotYou: 'If you do not want to join, ignore this mail: nothing changes.',
      expiring: 'The invitation',
    },
  );
  // Names are the inviter's and the organization's free text: a line break would end the Subject header.
  return { ...mail, subject: mail.subject.replace(/\s+/g, ' ').trim() };
}

/** `admin,member` reads "admin and member". */
function roles(role: string): string {
  const names = role
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? role);
}
