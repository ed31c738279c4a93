import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Finds the user a reset link was mailed to, by the SHA-256 of its token (the token itself is never
 * stored). Whether the token is still usable is the user aggregate's decision: a newer password voids it.
 */
@Entity({ name: 'password_reset_tokens' })
export class PasswordResetTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
