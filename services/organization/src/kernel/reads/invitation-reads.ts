import type { UserInvitationView } from '@authsvc/contracts';
import { findRow, preparedQuery, selectedColumns } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { InvitationEntity } from '../read-models/invitation.entity.js';
import { toInvitationView } from '../views/invitation-view.mapper.js';

/** The read-model lookups of invitation decisions and queries, each one indexed query. */
@Injectable()
export class InvitationReads {
  constructor(private readonly dataSource: DataSource) {}

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
}
