import { Column, Entity, PrimaryColumn } from 'typeorm';

export const TEAM_MEMBERS_TEAM_USER_UNIQUE = 'team_members_team_user_unique';

/** The team memberships read model: who is in which team. */
@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'team_id', type: 'varchar', length: 64 })
  teamId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
