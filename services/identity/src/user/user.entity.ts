import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The constraints of the users table that make two users with one email, or one username, impossible. */
export const USERS_EMAIL_UNIQUE = 'users_email_unique';
export const USERS_USERNAME_UNIQUE = 'users_username_unique';

/** Read model of users; the database enforces one user per (lower-cased) email. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  image!: string | null;

  /** Lower-cased; unique (constraint users_username_unique). */
  @Column({ type: 'text', nullable: true })
  username!: string | null;

  @Column({ name: 'display_username', type: 'text', nullable: true })
  displayUsername!: string | null;

  @Column({ name: 'email_verified', type: 'boolean' })
  emailVerified!: boolean;

  /** Role names, comma-joined (admin plugin). */
  @Column({ type: 'text' })
  role!: string;

  @Column({ type: 'boolean' })
  banned!: boolean;

  @Column({ name: 'ban_reason', type: 'text', nullable: true })
  banReason!: string | null;

  @Column({ name: 'ban_expires', type: 'timestamptz', nullable: true })
  banExpires!: Date | null;

  @Column({ name: 'two_factor_enabled', type: 'boolean' })
  twoFactorEnabled!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
