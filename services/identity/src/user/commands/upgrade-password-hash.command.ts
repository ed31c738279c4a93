import { Command } from '@nestjs/cqrs';

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
