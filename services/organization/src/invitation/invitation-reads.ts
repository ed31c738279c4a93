import type { UserInvitationView } from '@authsvc/contracts';
import { findRow, preparedQuery, selectedColumns, streamVersionExpression } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { TeamReads } from '../team/team-reads.js';
import type { AcceptState, TeamSeats } from './invitation.decider.js';
import { InvitationEntity } from './invitation.entity.js';
import { toInvitationView } from './invitation-view.mapper.js';

interface AcceptStateMarkers {
  readonly '#version': number;
  readonly '#found': boolean;
  readonly '#inviterIsMember': boolean;
  readonly '#inviteeIsMember': boolean;
  readonly '#members': number;
  /** Null when the invitation has no team, or its team no longer exists. */
  readonly '#teamMembers': number | null;
}

/** The invitation's columns and the markers of what accepting it is decided on (names no property can have). */
type AcceptStateRow = AcceptStateMarkers & Partial<InvitationEntity>;

function invitationColumnsOf(row: AcceptStateRow): Partial<InvitationEntity> {
  const columns: Record<string, unknown> = { ...row };
  for (const marker of Object.keys(row)) if (marker.startsWith('#')) delete columns[marker];
  return columns as Partial<InvitationEntity>;
}

/** The read-model lookups of invitation decisions and queries, each one indexed query. */
@Injectable()
export class InvitationReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly teams: TeamReads,
  ) {}

  private get invitations() {
    return this.dataSource.getRepository(InvitationEntity);
  }

  invitation(invitationId: string): Promise<InvitationEntity | null> {
    return findRow(this.dataSource.manager, InvitationEntity, { id: invitationId });
  }

  /** The organization's pending invitation to this (lower-cased) address, the latest if several. */
  async pendingTo(organizationId: string, email: string): Promise<InvitationEntity | null> {
    const manager = this.dataSource.manager;
    const [row] = await preparedQuery<InvitationEntity>(
      manager,
      `SELECT ${selectedColumns(manager, InvitationEntity, 'r')} FROM organization.invitations r
        WHERE r.organization_id = $1 AND r.email = $2 AND r.status = 'pending'
        ORDER BY r.expires_at DESC LIMIT 1`,
      [organizationId, email],
    );
    return row ? Object.assign(new InvitationEntity(), row) : null;
  }

  /** The organization's pending invitations not yet expired. */
  async openCount(organizationId: string, now: Date): Promise<number> {
    const [row] = await preparedQuery<{ count: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS count FROM organization.invitations
        WHERE organization_id = $1 AND status = 'pending' AND expires_at > $2`,
      [organizationId, now],
    );
    return row.count;
  }

  /** Expired ones too: the sweep may not have come by yet. */
  async pendingIds(organizationId: string): Promise<string[]> {
    const rows = await this.invitations.find({ select: { id: true }, where: { organizationId, status: 'pending' } });
    return rows.map(({ id }) => id);
  }

  /** Pending invitations past their expiry, the longest expired first (the sweep's batch). */
  expired(now: Date, limit: number): Promise<Pick<InvitationEntity, 'id' | 'organizationId'>[]> {
    return this.invitations.find({
      select: { id: true, organizationId: true },
      where: { status: 'pending', expiresAt: LessThanOrEqual(now) },
      order: { expiresAt: 'ASC' },
      take: limit,
    });
  }

  /** Every invitation of the organization, oldest first. */
  ofOrganization(organizationId: string): Promise<InvitationEntity[]> {
    return this.invitations.find({ where: { organizationId }, order: { createdAt: 'ASC' } });
  }

  /** The open invitations to this address, with their organizations' names. */
  async openTo(email: string, now: Date): Promise<UserInvitationView[]> {
    const rows = await this.invitations
      .createQueryBuilder('invitation')
      .innerJoin('organizations', 'organization', 'organization.id = invitation.organization_id')
      .addSelect('organization.name', 'organization_name')
      .where("invitation.email = :email AND invitation.status = 'pending' AND invitation.expires_at > :now", {
        email: email.toLowerCase(),
        now,
      })
      .orderBy('invitation.created_at')
      .getRawAndEntities();
    return rows.entities.map((row, index) => ({
      ...toInvitationView(row),
      organizationName: (rows.raw[index] as { organization_name: string }).organization_name,
    }));
  }

  /**
   * What accepting the invitation is decided on, with the organization stream's version, in one statement: the
   * invitation, whether its inviter and the invitee are members, the member count (`organizations.member_count`)
   * and the seats of its team while the team exists.
   */
  async acceptState(
    streamId: string,
    invitationId: string,
    userId: string,
  ): Promise<{ version: number; state: AcceptState }> {
    const manager = this.dataSource.manager;
    const [row] = await preparedQuery<AcceptStateRow>(
      manager,
      `SELECT ${streamVersionExpression('organization', '$1')} AS "#version",
              i.id IS NOT NULL AS "#found", ${selectedColumns(manager, InvitationEntity, 'i')},
              EXISTS (SELECT 1 FROM organization.members m
                       WHERE m.organization_id = i.organization_id AND m.user_id = i.inviter_id) AS "#inviterIsMember",
              EXISTS (SELECT 1 FROM organization.members m
                       WHERE m.organization_id = i.organization_id AND m.user_id = $3) AS "#inviteeIsMember",
              coalesce((SELECT o.member_count FROM organization.organizations o WHERE o.id = i.organization_id), 0)
                AS "#members",
              CASE WHEN EXISTS (SELECT 1 FROM organization.teams t
                                 WHERE t.id = i.team_id AND t.organization_id = i.organization_id)
                   THEN (SELECT count(*)::int FROM organization.team_members tm WHERE tm.team_id = i.team_id) END
                AS "#teamMembers"
         FROM (SELECT 1) one LEFT JOIN organization.invitations i ON i.id = $2`,
      [streamId, invitationId, userId],
    );
    const { '#version': version, '#found': found, '#inviterIsMember': inviterIsMember } = row;
    const { '#inviteeIsMember': inviteeIsMember, '#members': members, '#teamMembers': teamMembers } = row;
    const invitation = found ? Object.assign(new InvitationEntity(), invitationColumnsOf(row)) : null;
    const team =
      invitation?.teamId && teamMembers !== null ? { teamId: invitation.teamId, members: teamMembers } : null;
    return { version, state: { invitation, inviterIsMember, inviteeIsMember, members, team } };
  }

  /** Whether a member of the organization has this address, compared case-insensitively (user_profiles_email_idx). */
  async memberWithEmail(organizationId: string, email: string): Promise<boolean> {
    const rows = await preparedQuery(
      this.dataSource.manager,
      `SELECT 1 FROM organization.user_profiles profile
         JOIN organization.members member ON member.user_id = profile.user_id AND member.organization_id = $1
        WHERE lower(profile.email) = $2
        LIMIT 1`,
      [organizationId, email.toLowerCase()],
    );
    return rows.length > 0;
  }

  /** A team of the organization and its member count, or null when it has no such team. */
  async teamSeats(organizationId: string, teamId: string): Promise<TeamSeats | null> {
    const [team, members] = await Promise.all([this.teams.team(organizationId, teamId), this.teams.teamSize(teamId)]);
    return team ? { teamId, members } : null;
  }
}
