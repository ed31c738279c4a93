import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordHasher } from '../../password/password-hasher.js';
import { UserStream } from '../user-stream.js';

/** Stores the password a sign-in just proved in the current hash form, in place of `verifiedHash`. */
export class UpgradePasswordHashCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly password: string,
    readonly verifiedHash: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * Once per outdated hash, at its owner's next sign-in (the only moment the password is known). Under overload the
 * upgrade waits for a later sign-in rather than turn this one away: the old hash still verifies.
 */
@CommandHandler(UpgradePasswordHashCommand)
export class UpgradePasswordHashHandler implements ICommandHandler<UpgradePasswordHashCommand> {
  constructor(
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ userId, password, verifiedHash, correlationId }: UpgradePasswordHashCommand): Promise<void> {
    if (this.hasher.isFull) return;
    const passwordHash = await this.hasher.hash(password);
    const now = new Date();
    await this.users.execute(
      userId,
      { type: 'UpgradePasswordHash', verifiedHash, passwordHash, now },
      { correlationId, actorId: userId, now },
    );
  }
}
