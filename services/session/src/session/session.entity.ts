import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The durable copy of live sessions: Redis answers first, this answers when Redis lost them. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  token!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'ip_address', type: 'text' })
  ipAddress!: string;

  @Column({ name: 'user_agent', type: 'text' })
  userAgent!: string;

  @Column({ name: 'remember_me', type: 'boolean' })
  rememberMe!: boolean;

  @Column({ name: 'active_organization_id', type: 'varchar', length: 64, nullable: true })
  activeOrganizationId!: string | null;

  @Column({ name: 'active_team_id', type: 'varchar', length: 64, nullable: true })
  activeTeamId!: string | null;

  /** The admin impersonating the user in this session, or null. */
  @Column({ name: 'impersonated_by', type: 'varchar', length: 64, nullable: true })
  impersonatedBy!: string | null;

  /** When the active organization and team were last chosen (at first: when the session started). */
  @Column({ name: 'active_since', type: 'timestamptz' })
  activeSince!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
