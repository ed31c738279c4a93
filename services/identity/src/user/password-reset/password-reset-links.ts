import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isPasswordResetUsable } from '../password.decisions.js';
import { UserStream } from '../user-stream.js';
import { PasswordResetTokenEntity } from '../password-reset-token.entity.js';
import { hashMailedToken } from '../../security/mailed-token.js';

@Injectable()
export class PasswordResetLinks {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
  ) {}

  /** The user a reset token works for, or null: unknown, expired, or voided by a newer password. */
  async userOf(token: string, now: Date): Promise<string | null> {
    const tokenHash = hashMailedToken(token);
    const row = await this.dataSource.getRepository(PasswordResetTokenEntity).findOneBy({ tokenHash });
    if (!row || row.expiresAt <= now) return null;
    const user = await this.users.state(row.userId);
    return user.status === 'registered' && isPasswordResetUsable(user, tokenHash, now) ? row.userId : null;
  }
}
