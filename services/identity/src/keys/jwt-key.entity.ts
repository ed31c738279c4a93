import type { PublicJwk } from '@authsvc/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of the signing keys (projected from JwtKeyIssued); the private half only sealed. */
@Entity({ name: 'jwt_keys' })
export class JwtKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid!: string;

  @Column({ type: 'text' })
  alg!: string;

  @Column({ name: 'public_key', type: 'jsonb' })
  publicKey!: PublicJwk;

  @Column({ name: 'sealed_private_key', type: 'text' })
  sealedPrivateKey!: string;

  @Column({ name: 'sealed_with', type: 'text' })
  sealedWith!: string;

  @Column({ name: 'signs_from', type: 'timestamptz' })
  signsFrom!: Date;
}
