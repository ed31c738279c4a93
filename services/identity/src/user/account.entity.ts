import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The unique key of provider accounts: a provider identity belongs to one user. */
export const ACCOUNTS_PROVIDER_KEY_UNIQUE = 'accounts_provider_issuer_subject_unique';

/**
 * Read model of sign-in accounts: the credential account holds the password hash; a provider account is keyed by
 * (provider, issuer, subject) and holds no token (they stay sealed in its events).
 */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ name: 'provider_id', type: 'text' })
  providerId!: string;

  @Column({ name: 'account_id', type: 'text' })
  accountId!: string;

  /** The provider's issuer; `''` for the credential account and providers without one. */
  @Column({ type: 'text', default: '' })
  issuer!: string;

  @Column({ type: 'text', nullable: true })
  password!: string | null;

  /** The provider's address when the account was linked; `null` for the credential account (the user's own). */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** The scopes granted, comma-joined as the reference stores them. */
  @Column({ type: 'text', default: '' })
  scope!: string;

  @Column({ name: 'access_token_expires_at', type: 'timestamptz', nullable: true })
  accessTokenExpiresAt!: Date | null;

  @Column({ name: 'refresh_token_expires_at', type: 'timestamptz', nullable: true })
  refreshTokenExpiresAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The granted scopes of an account, stored comma-joined; GitHub grants a comma list too, which splits here. */
export const grantedScopes = (account: Pick<AccountEntity, 'scope'>): string[] =>
  account.scope.split(',').filter((scope) => scope !== '');
