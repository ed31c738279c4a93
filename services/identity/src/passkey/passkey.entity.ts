import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The unique key of credentials: one authenticator credential belongs to one passkey. */
export const PASSKEYS_CREDENTIAL_UNIQUE = 'passkeys_credential_id_unique';

/**
 * Read model of passkeys, found by credential id at sign-in and by user for the lists. `counter` is the one column
 * no event sets after registration: sign-ins advance it in place (see `PasskeyCounters`).
 */
@Entity({ name: 'passkeys' })
export class PasskeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ name: 'credential_id', type: 'text' })
  credentialId!: string;

  @Column({ name: 'public_key', type: 'text' })
  publicKey!: string;

  @Column({ type: 'bigint', transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  counter!: number;

  @Column({ name: 'device_type', type: 'text' })
  deviceType!: string;

  @Column({ name: 'backed_up', type: 'boolean' })
  backedUp!: boolean;

  @Column({ type: 'text', default: '' })
  transports!: string;

  @Column({ type: 'text', default: '' })
  aaguid!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
