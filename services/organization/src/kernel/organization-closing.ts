import {
  InvitationCanceled,
  MemberRemoved,
  OrganizationDeleted,
  TeamMemberRemoved,
  TeamRemoved,
  type MemberRemovalReason,
} from '@authsvc/contracts';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { Membership, OrganizationFacts, TeamMembership, TeamWithMembers } from './organization-facts.js';

/** What an organization holds that ends with it. */
export interface OrganizationContents {
  readonly members: readonly Membership[];
  /** The invitations still pending (expired ones too, until the sweep has recorded them). */
  readonly pendingInvitationIds: readonly string[];
  readonly teams: readonly TeamWithMembers[];
}

/**
 * The end of an organization: every pending invitation is canceled, every team member and team removed and
 * every membership ended (for `reason`) before the organization goes, each with its event, so that a
 * subscriber tracking any of them needs no rule of its own for deletions.
 */
export function closingEvents(
  organization: OrganizationFacts,
  contents: OrganizationContents,
  now: Date,
  reason: MemberRemovalReason,
): PendingEvent[] {
  const at = now.toISOString();
  const organizationId = organization.id;
  return [
    ...contents.pendingInvitationIds.map((invitationId) =>
      pendingEvent(InvitationCanceled, { organizationId, invitationId, canceledAt: at }),
    ),
    ...contents.teams.flatMap((team) => teamRemoval(organizationId, team, at)),
    ...contents.members.map(({ memberId, userId }) =>
      pendingEvent(MemberRemoved, { organizationId, memberId, userId, reason, removedAt: at }),
    ),
    pendingEvent(OrganizationDeleted, { organizationId, slug: organization.slug, deletedAt: at }),
  ];
}

/**
 * The events that end these team memberships, one each: of a member leaving the organization, of a team or of
 * the organization going.
 */
export function teamMembershipsEnding(
  organizationId: string,
  memberships: readonly TeamMembership[],
  at: string,
): PendingEvent[] {
  return memberships.map(({ teamId, teamMemberId, userId }) =>
    pendingEvent(TeamMemberRemoved, { organizationId, teamId, teamMemberId, userId, removedAt: at }),
  );
}

/** Its members leave the team first, so that a subscriber tracking them needs no rule of its own for teams going. */
export function teamRemoval(organizationId: string, team: TeamWithMembers, at: string): PendingEvent[] {
  return [
    ...teamMembershipsEnding(organizationId, team.members, at),
    pendingEvent(TeamRemoved, { organizationId, teamId: team.teamId, removedAt: at }),
  ];
}
