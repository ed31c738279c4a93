import {
  InvitationCreated,
  InvitationResent,
  type DataOf,
  type InvitationMailPersonal,
  type PublishedEvent,
} from '@authsvc/contracts';
import type { RequestedMail } from './requested-mail.js';
import { invitationMail } from './templates/invitation-mail.js';

const MAILED_TYPES: ReadonlySet<string> = new Set([InvitationCreated.type, InvitationResent.type]);

/** Where the invitee accepts: the web client's page, which has them sign in first. */
export function invitationUrl(baseUrl: URL, invitationId: string): string {
  return `${baseUrl.toString().replace(/\/$/, '')}/accept-invitation/${encodeURIComponent(invitationId)}`;
}

/**
 * The mail an invitation (made or sent again) asks for, rendered. Null for the other invitation events, and when
 * the invitation's personal data was erased before it reached us (the organization was deleted): nobody to write to.
 */
export function renderInvitationMail(event: PublishedEvent, baseUrl: URL): RequestedMail | null {
  const personal = event.personal as InvitationMailPersonal | null;
  if (!MAILED_TYPES.has(event.type) || !personal) return null;
  const data = event.data as DataOf<typeof InvitationCreated> | DataOf<typeof InvitationResent>;
  return {
    mail: invitationMail({
      ...personal,
      organizationName: data.organizationName,
      role: data.role,
      expiresAt: data.expiresAt,
      url: invitationUrl(baseUrl, data.invitationId),
    }),
    userId: data.inviterId,
    organizationId: data.organizationId,
    kind: event.type,
    linkExpiresAt: new Date(data.expiresAt),
  };
}
