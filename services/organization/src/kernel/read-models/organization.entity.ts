import { Column, Entity, PrimaryColumn } from 'typeorm';

export const ORGANIZATIONS_SLUG_UNIQUE = 'organizations_slug_unique';

/** The organizations read model. */
@Entity({ name: 'organizations' })
export class OrganizationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text', nullable: true })
  logo!: string | null;

  /** JSON text. */
  @Column({ type: 'text', nullable: true })
  metadata!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
