import type { SetPasswordRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomString } from '@authsvc/platform';
import { UserStream } from '../user-stream.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';

export class SetPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: SetPasswordRequest) {
    super();
  }
}

/** A first password for a user who has none (signed up through a provider); never reachable over HTTP. */
@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand> {
  constructor(
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly passwords: NewPasswordPolicy,
  ) {}

  async execute({ request }: SetPasswordCommand): Promise<{ status: true }> {
    this.passwords.assertAcceptable(request.newPassword);
    const now = new Date();
    await this.users.execute(
      request.userId,
      {
        type: 'SetPassword',
        passwordHash: await this.hasher.hash(request.newPassword),
        newAccountId: randomString(),
        replaceExisting: false,
        now,
      },
      { correlationId: request.correlationId, actorId: request.userId, now },
    );
    return { status: true };
  }
}
