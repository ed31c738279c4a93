import { Column, Entity, PrimaryColumn } from 'typeorm';

export const MEMBERS_ORGANIZATION_USER_UNIQUE = 'members_organization_user_unique';

/** The memberships read model: what every authorization decision of the organization service reads. */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 64 })
  organizationId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  /** One role, or several comma-separated. */
  @Column({ type: 'text' })
  role!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The organization stream position of the membership's last change: its published read model's version. */
  @Column({ type: 'integer', default: 0 })
  version!: number;
}
