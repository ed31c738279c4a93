import { publishedKeysAt, type JwtKeyView } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JwtKeyEntity } from './jwt-key.entity.js';

export function toJwtKeyView(row: JwtKeyEntity): JwtKeyView {
  return {
    kid: row.kid,
    alg: row.alg,
    publicKey: row.publicKey,
    sealedPrivateKey: row.sealedPrivateKey,
    sealedWith: row.sealedWith,
    signsFrom: row.signsFrom.toISOString(),
  };
}

/** The signing keys as the read model holds them. */
@Injectable()
export class JwtKeyReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Every key a token living `tokenLifetimeSeconds` may still be signed with at `now`, oldest first. */
  async stillOfUse(now: Date, tokenLifetimeSeconds: number): Promise<JwtKeyView[]> {
    const rows = await this.dataSource.getRepository(JwtKeyEntity).find({ order: { signsFrom: 'ASC' } });
    return publishedKeysAt(rows.map(toJwtKeyView), now, tokenLifetimeSeconds);
  }
}
