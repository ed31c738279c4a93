import type { ConfirmUserDeletionRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { hashMailedToken } from '../../security/mailed-token.js';
import { UserStream } from '../user-stream.js';

export class ConfirmUserDeletionCommand extends Command<void> {
  constructor(readonly request: ConfirmUserDeletionRequest) {
    super();
  }
}

/** Deletes the account whose owner followed the mailed deletion link. */
@CommandHandler(ConfirmUserDeletionCommand)
export class ConfirmUserDeletionHandler implements ICommandHandler<ConfirmUserDeletionCommand> {
  constructor(private readonly users: UserStream) {}

  async execute({ request }: ConfirmUserDeletionCommand): Promise<void> {
    const now = new Date();
    await this.users.execute(
      request.userId,
      { type: 'DeleteUser', tokenHash: hashMailedToken(request.token), now },
      { correlationId: request.correlationId, actorId: request.userId, now },
    );
  }
}
