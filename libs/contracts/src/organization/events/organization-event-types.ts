import {
  InvitationAccepted,
  InvitationCanceled,
  InvitationCreated,
  InvitationExpired,
  InvitationRejected,
  InvitationResent,
} from './invitation.events.js';
import { MemberAdded, MemberRemoved, MemberRoleChanged } from './member.events.js';
import { OrganizationCreated, OrganizationDeleted, OrganizationUpdated } from './organization.events.js';
import { TeamCreated, TeamMemberAdded, TeamMemberRemoved, TeamRemoved, TeamUpdated } from './team.events.js';

/**
 * Every event the organization service records and publishes, each in the stream of its organization: the
 * organization aggregate's union.
 */
export const OrganizationEventTypes = [
  OrganizationCreated,
  OrganizationUpdated,
  OrganizationDeleted,
  MemberAdded,
  MemberRemoved,
  MemberRoleChanged,
  InvitationCreated,
  InvitationResent,
  InvitationAccepted,
  InvitationRejected,
  InvitationCanceled,
  InvitationExpired,
  TeamCreated,
  TeamUpdated,
  TeamRemoved,
  TeamMemberAdded,
  TeamMemberRemoved,
] as const;

/** The organization service's events (organizations, members, invitations, teams) go to this stream. */
export const ORGANIZATION_EVENTS_STREAM = 'ORGANIZATION_EVENTS';
/** Every organization event. */
export const ORGANIZATION_EVENTS_SUBJECTS = 'organization.events.>';
/** The invitation events (the mailer's filter). */
export const ORGANIZATION_INVITATION_EVENTS_SUBJECTS = 'organization.events.invitation.>';
