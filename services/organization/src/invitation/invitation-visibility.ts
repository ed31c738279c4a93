import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { hasPermission } from '../access/organization-roles.js';
import { type InvitationFacts } from './invitation.decider.js';
import { type Membership } from '../kernel/organization-facts.js';
import { requireAddressee, type InvitationAnswer } from './invitation-answer.decider.js';

/**
 * get-invitation: the open invitation addressed to the caller, with its organization, while its inviter is still
 * a member (what the invitee is about to accept must still stand).
 */
export function requireReadableInvitation<TInvitation extends InvitationFacts, TOrganization>(
  invitation: TInvitation | null,
  reader: Pick<InvitationAnswer, 'email' | 'now'>,
  state: { readonly organization: TOrganization | null; readonly inviterIsMember: boolean },
): { invitation: TInvitation; organization: TOrganization } {
  const readable = requireAddressee(invitation, reader);
  if (!state.organization) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
  if (!state.inviterIsMember) {
    throw new DomainError(OrganizationErrors.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION);
  }
  return { invitation: readable, organization: state.organization };
}

/**
 * list-invitations (S8): an invitation id is a way in, so only members who may invite see them (a plain member
 * gets 403), and invitations granting ownership only owners, who alone may grant it.
 */
export function requireInvitationReader(caller: Membership | null): Membership {
  if (!caller) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  if (!hasPermission(caller.role, { invitation: ['create'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS);
  }
  return caller;
}

/**
 * list-user-invitations (F6) lists invitation ids by the session's address: only an owner of that address, shown
 * by its verification, may enumerate them.
 */
export function requireVerifiedAddress(emailVerified: boolean): void {
  if (!emailVerified) throw new DomainError(OrganizationErrors.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION);
}
