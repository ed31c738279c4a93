import type { RevokeSessionRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SessionEntity } from '../session.entity.js';
import { SessionEndings } from '../session-endings.js';

export class RevokeSessionCommand extends Command<{ revoked: boolean }> {
  constructor(readonly request: RevokeSessionRequest) {
    super();
  }
}

/**
 * Someone else's token (when the caller's user id is given) reads as "nothing to revoke": no leak. Without a
 * user id nor an actor, the token's bearer signs out; an admin (the actor) revokes any session by its token.
 */
@CommandHandler(RevokeSessionCommand)
export class RevokeSessionHandler implements ICommandHandler<RevokeSessionCommand, { revoked: boolean }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly endings: SessionEndings,
  ) {}

  async execute({ request }: RevokeSessionCommand): Promise<{ revoked: boolean }> {
    const session = await this.dataSource.getRepository(SessionEntity).findOneBy({ token: request.token });
    if (!session || (request.userId !== undefined && session.userId !== request.userId)) return { revoked: false };
    const reason = request.userId === undefined && request.actorId === undefined ? 'sign-out' : 'revoked';
    return { revoked: await this.endings.end(session, reason, request) };
  }
}
