import type { RemoveUserRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserStream } from '../user-stream.js';

export class RemoveUserCommand extends Command<void> {
  constructor(readonly request: RemoveUserRequest) {
    super();
  }
}

/** An admin deletes a user, as their own deletion does (personal data erased), with the admin as actor. */
@CommandHandler(RemoveUserCommand)
export class RemoveUserHandler implements ICommandHandler<RemoveUserCommand> {
  constructor(private readonly users: UserStream) {}

  async execute({ request }: RemoveUserCommand): Promise<void> {
    const now = new Date();
    await this.users.execute(
      request.userId,
      { type: 'DeleteUser', tokenHash: null, now },
      { correlationId: request.correlationId, actorId: request.actorId ?? null, now },
    );
  }
}
