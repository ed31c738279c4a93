import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns of a service's copy of identity's users, fed by identity's events (and by identity's answer when
 * a user is needed before their registration event arrived). A deleted user leaves a row without personal
 * data. Each service keeps its own table: its entity extends this with `@Entity` and the table's name.
 */
export abstract class UserSnapshotRow {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ type: 'boolean' })
  deleted!: boolean;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text', nullable: true })
  image!: string | null;

  @Column({ name: 'email_verified', type: 'boolean', nullable: true })
  emailVerified!: boolean | null;

  @Column({ type: 'text', nullable: true })
  username!: string | null;

  @Column({ name: 'display_username', type: 'text', nullable: true })
  displayUsername!: string | null;

  /** Null in rows written before roles existed: the default role. */
  @Column({ type: 'text', nullable: true })
  role!: string | null;

  @Column({ type: 'boolean', nullable: true })
  banned!: boolean | null;

  @Column({ name: 'ban_reason', type: 'text', nullable: true })
  banReason!: string | null;

  @Column({ name: 'ban_expires', type: 'timestamptz', nullable: true })
  banExpires!: Date | null;

  /** Null in rows written before two-factor existed: off. */
  @Column({ name: 'two_factor_enabled', type: 'boolean', nullable: true })
  twoFactorEnabled!: boolean | null;

  @Column({ name: 'created_at', type: 'timestamptz', nullable: true })
  createdAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', nullable: true })
  updatedAt!: Date | null;

  /** Global position of the last identity event applied (bigint, read as a string); 0: fetched only. */
  @Column({ name: 'last_position', type: 'bigint' })
  lastPosition!: string;
}
