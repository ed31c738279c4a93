import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { hashMailedToken } from '../../security/mailed-token.js';
import { UserStream } from '../user-stream.js';
import { ConfirmUserDeletionCommand } from './confirm-user-deletion.command.js';

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
