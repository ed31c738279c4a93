import type { PasskeyView } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toPasskeyView } from './passkey-view.mapper.js';
import { PasskeyEntity } from './passkey.entity.js';

/** A user's passkeys, oldest first. */
@Injectable()
export class PasskeyReads {
  constructor(private readonly dataSource: DataSource) {}

  async ofUser(userId: string): Promise<PasskeyView[]> {
    const rows = await this.dataSource
      .getRepository(PasskeyEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toPasskeyView);
  }
}
