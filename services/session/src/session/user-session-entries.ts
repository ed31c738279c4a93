import type { UserView } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserChanges } from '../user-snapshot/user-changes.js';
import { SessionCache } from './session-cache.js';
import { SessionEntity } from './session.entity.js';

/** The cached entries of a user's live sessions, which go whenever the user views report the user changing. */
@Injectable()
export class UserSessionEntries implements UserChanges {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
  ) {}

  async mayChange(userId: string): Promise<void> {
    await this.drop(userId);
  }

  /** A change of the user was applied: noted for new sessions first, then their cached entries go. */
  async changed(userId: string, view: UserView | null): Promise<boolean> {
    const noted = await this.cache.noteUserChange(userId, view).then(
      () => true,
      () => false,
    );
    return noted && (await this.drop(userId)) !== undefined;
  }

  /** Drops the cached entries of the user's live sessions; the new user version (undefined: Redis down). */
  private async drop(userId: string): Promise<string | undefined> {
    const sessions = await this.dataSource
      .getRepository(SessionEntity)
      .find({ select: { token: true }, where: { userId } });
    return this.cache.invalidateUser(
      userId,
      sessions.map((session) => session.token),
    );
  }
}
