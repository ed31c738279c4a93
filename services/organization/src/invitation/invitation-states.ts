import {
  preparedQuery,
  selectedColumns,
  streamVersionExpression,
  withoutMarkers,
  type StateAtVersion,
} from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationEntity } from '../kernel/read-models/organization.entity.js';
import { organizationStreamId } from '../kernel/organization-stream.js';
import type { InviteMember, InviteState } from './invitation.decider.js';
import { InvitationEntity } from '../kernel/read-models/invitation.entity.js';
import { InvitationReads } from '../kernel/reads/invitation-reads.js';
import { type AcceptState } from './invitation-answer.decider.js';

/** The seats of a team while it is one of the organization's: null without a team, or once it is gone. */
const TEAM_MEMBERS = (team: string, organization: string) => `
  CASE WHEN EXISTS (SELECT 1 FROM organization.teams t WHERE t.id = ${team} AND t.organization_id = ${organization})
       THEN (SELECT count(*)::int FROM organization.team_members tm WHERE tm.team_id = ${team}) END`;

/**
 * The states of the invitation commands, each read in one statement with the organization stream's version: the
 * computed values come in columns whose names start with '#', beside the entity's own.
 */
@Injectable()
export class InvitationStates {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invitations: InvitationReads,
  ) {}

  /**
   * Inviting: the organization, the caller's membership, whether a member has the address, the open invitations,
   * the team's seats, and the pending invitation to the address (read after the statement, only when there is one).
   */
  async invite(organizationId: string, command: InviteMember): Promise<StateAtVersion<InviteState>> {
    const manager = this.dataSource.manager;
    const email = command.email.toLowerCase();
    const [row] = await preparedQuery<InviteStateRow>(
      manager,
      `SELECT ${streamVersionExpression('organization', '$1')} AS "#version",
              o.id IS NOT NULL AS "#found", ${selectedColumns(manager, OrganizationEntity, 'o')},
              c.id AS "#callerMemberId", c.role AS "#callerRole",
              EXISTS (SELECT 1 FROM organization.user_profiles profile
                        JOIN organization.members member
                          ON member.user_id = profile.user_id AND member.organization_id = $2
                       WHERE lower(profile.email) = $4) AS "#inviteeIsMember",
              (SELECT count(*)::int FROM organization.invitations
                WHERE organization_id = $2 AND status = 'pending' AND expires_at > $5) AS "#openInvitations",
              EXISTS (SELECT 1 FROM organization.invitations
                       WHERE organization_id = $2 AND email = $4 AND status = 'pending') AS "#pending",
              ${TEAM_MEMBERS('$6', '$2')} AS "#teamMembers"
         FROM (SELECT 1) one
         LEFT JOIN organization.organizations o ON o.id = $2
         LEFT JOIN organization.members c ON c.organization_id = $2 AND c.user_id = $3`,
      [
        organizationStreamId(organizationId),
        organizationId,
        command.inviter.userId,
        email,
        command.now,
        command.teamId,
      ],
    );
    const organization = row['#found'] ? Object.assign(new OrganizationEntity(), withoutMarkers(row)) : null;
    const callerMemberId = row['#callerMemberId'];
    const caller = callerMemberId
      ? { memberId: callerMemberId, userId: command.inviter.userId, role: row['#callerRole']! }
      : null;
    const team =
      command.teamId && row['#teamMembers'] !== null ? { teamId: command.teamId, members: row['#teamMembers'] } : null;
    if (!caller) {
      const state = { organization, caller, inviteeIsMember: false, pending: null, openInvitations: 0, team: null };
      return { version: row['#version'], state };
    }
    const pending = row['#pending'] ? await this.invitations.pendingTo(organizationId, email) : null;
    return {
      version: row['#version'],
      state: {
        organization,
        caller,
        inviteeIsMember: row['#inviteeIsMember'],
        pending,
        openInvitations: row['#openInvitations'],
        team,
      },
    };
  }

  /**
   * Accepting, keyed by the invitation alone: the invitation, the version of its organization's stream, whether
   * the service's copy of identity's users has the user yet, whether its inviter and the invitee are members, the
   * member count (`organizations.member_count`) and the seats of its team while the team exists.
   */
  async accept(invitationId: string, userId: string): Promise<AcceptStateRead> {
    const manager = this.dataSource.manager;
    const [row] = await preparedQuery<AcceptStateRow>(
      manager,
      `SELECT ${streamVersionExpression('organization', '($3::text || i.organization_id)')} AS "#version",
              i.id IS NOT NULL AS "#found", ${selectedColumns(manager, InvitationEntity, 'i')},
              EXISTS (SELECT 1 FROM organization.user_profiles p WHERE p.user_id = $2) AS "#profileKnown",
              EXISTS (SELECT 1 FROM organization.members m
                       WHERE m.organization_id = i.organization_id AND m.user_id = i.inviter_id) AS "#inviterIsMember",
              EXISTS (SELECT 1 FROM organization.members m
                       WHERE m.organization_id = i.organization_id AND m.user_id = $2) AS "#inviteeIsMember",
              coalesce((SELECT o.member_count FROM organization.organizations o WHERE o.id = i.organization_id), 0)
                AS "#members",
              ${TEAM_MEMBERS('i.team_id', 'i.organization_id')} AS "#teamMembers"
         FROM (SELECT 1) one LEFT JOIN organization.invitations i ON i.id = $1`,
      [invitationId, userId, organizationStreamId('')],
    );
    const invitation = row['#found'] ? Object.assign(new InvitationEntity(), withoutMarkers(row)) : null;
    const teamMembers = row['#teamMembers'];
    const team =
      invitation?.teamId && teamMembers !== null ? { teamId: invitation.teamId, members: teamMembers } : null;
    return {
      version: row['#version'],
      profileKnown: row['#profileKnown'],
      state: {
        invitation,
        inviterIsMember: row['#inviterIsMember'],
        inviteeIsMember: row['#inviteeIsMember'],
        members: row['#members'],
        team,
      },
    };
  }
}

/** The accept state at its organization stream's version, and whether the service has the user's profile yet. */
export interface AcceptStateRead extends StateAtVersion<AcceptState> {
  readonly profileKnown: boolean;
}

interface StateMarkers {
  readonly '#version': number;
  readonly '#found': boolean;
  /** Null without a team, or once the team is gone. */
  readonly '#teamMembers': number | null;
}

type InviteStateRow = StateMarkers & {
  readonly '#callerMemberId': string | null;
  readonly '#callerRole': string | null;
  readonly '#inviteeIsMember': boolean;
  readonly '#openInvitations': number;
  readonly '#pending': boolean;
};

type AcceptStateRow = StateMarkers & {
  readonly '#profileKnown': boolean;
  readonly '#inviterIsMember': boolean;
  readonly '#inviteeIsMember': boolean;
  readonly '#members': number;
};
