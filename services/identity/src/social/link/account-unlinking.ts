import type { UnlinkAccountRequest } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { AccountEntity } from '../../user/account.entity.js';
import { UserStream } from '../../user/user-stream.js';
import { unlinkTarget } from './unlink-target.js';

/** unlink-account: the account the body names among the user's, unlinked by the user's decider. */
@Injectable()
export class AccountUnlinking {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async unlink(request: UnlinkAccountRequest): Promise<{ status: true }> {
    const { userId, correlationId } = request;
    const accounts = await this.dataSource.getRepository(AccountEntity).findBy({ userId });
    const now = new Date();
    // An unknown account goes to the decider too: the last-account rule is answered first, as the reference does.
    const command = {
      type: 'UnlinkSocialAccount',
      accountId: unlinkTarget(accounts, request)?.id ?? '',
      allowUnlinkingAll: this.config.ALLOW_UNLINKING_ALL,
      now,
    } as const;
    await this.users.execute(userId, command, { correlationId, now, actorId: userId });
    return { status: true };
  }
}
