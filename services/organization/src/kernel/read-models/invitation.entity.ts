import type { InvitationStatus } from '@authsvc/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The invitations read model: what invitation decisions and reads use. */
@Entity({ name: 'invitations' })
export class InvitationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 64 })
  organizationId!: string;

  /** Lower-cased. */
  @Column({ type: 'text' })
  email!: string;

  /** One role, or several comma-separated. */
  @Column({ type: 'text' })
  role!: string;

  @Column({ name: 'team_id', type: 'varchar', length: 64, nullable: true })
  teamId!: string | null;

  @Column({ type: 'text' })
  status!: InvitationStatus;

  @Column({ name: 'inviter_id', type: 'varchar', length: 64 })
  inviterId!: string;

  /** The inviter's address when they invited (get-invitation shows it to the invitee). */
  @Column({ name: 'inviter_email', type: 'text' })
  inviterEmail!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
