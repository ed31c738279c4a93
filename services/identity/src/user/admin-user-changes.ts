import type { TraceMetadata, UserView } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserCommand } from './user.decider.js';
import { UserEntity } from './user.entity.js';
import { UserStream } from './user-stream.js';
import { toUserView } from './user-view.mapper.js';

/** An admin's change of a user: run on the user's stream with the admin as actor, answered with the user after. */
@Injectable()
export class AdminUserChanges {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
  ) {}

  async apply(request: TraceMetadata & { userId: string }, command: (now: Date) => UserCommand): Promise<UserView> {
    const now = new Date();
    const { userId, correlationId, actorId } = request;
    await this.users.execute(userId, command(now), { correlationId, actorId: actorId ?? null, now });
    return toUserView(await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId }), now);
  }
}
