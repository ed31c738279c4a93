import { randomString } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IDENTITY_CONFIG, passwordLengthRule, type IdentityConfig } from '../../identity.config.js';
import { UserStream } from '../user-stream.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { assertPasswordLength } from '../credential/password-policy.js';
import { SetPasswordCommand } from './set-password.command.js';

/** A first password for a user who has none (signed up through a provider); never reachable over HTTP. */
@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand> {
  constructor(
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: SetPasswordCommand): Promise<{ status: true }> {
    assertPasswordLength(request.newPassword, passwordLengthRule(this.config));
    const now = new Date();
    await this.users.execute(
      request.userId,
      {
        type: 'SetPassword',
        passwordHash: await this.hasher.hash(request.newPassword),
        newAccountId: randomString(),
        now,
      },
      { correlationId: request.correlationId, actorId: request.userId, now },
    );
    return { status: true };
  }
}
