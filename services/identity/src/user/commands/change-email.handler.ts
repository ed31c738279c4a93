import type { ChangeEmailRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { DataSource } from 'typeorm';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../../security/uniform-duration.js';
import { normalizeEmail } from '../email/email-address.js';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { NewAddressMail } from '../verification/new-address-mail.js';
import { VerificationLinks } from '../verification/verification-links.js';

export class ChangeEmailCommand extends Command<{ status: true }> {
  constructor(readonly request: ChangeEmailRequest) {
    super();
  }
}

/**
 * Starts a change of email: nothing changes until the link mailed to the new address is followed. Whether the new
 * address already has an account must not leak: it gets the same answer, after the same time, and nobody is mailed.
 */
@CommandHandler(ChangeEmailCommand)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmailCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly links: VerificationLinks,
    private readonly newAddress: NewAddressMail,
  ) {}

  async execute({ request }: ChangeEmailCommand): Promise<{ status: true }> {
    const repository = this.dataSource.getRepository(UserEntity);
    const user = await repository.findOneByOrFail({ id: request.userId });
    const newEmail = normalizeEmail(request.newEmail);
    if (newEmail === user.email) throw new DomainError(AuthErrors.EMAIL_IS_THE_SAME);
    return withUniformDuration(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      if (!(await repository.existsBy({ email: newEmail }))) await this.mailFirstLink(user, newEmail, request);
      return { status: true } as const;
    });
  }

  /**
   * A verified user approves from the current address first, then proves the new one; an unverified user's
   * address proves nothing worth approving, so the new address gets its link at once (as 1.7 without
   * `updateEmailWithoutVerification`).
   */
  private async mailFirstLink(user: UserEntity, newEmail: string, request: ChangeEmailRequest): Promise<void> {
    const now = new Date();
    const context = { correlationId: request.correlationId, actorId: user.id, now };
    if (!user.emailVerified) return this.newAddress.send(user, newEmail, request.callbackURL, null, context);
    const owner = { email: user.email, userId: user.id };
    const link = await this.links.createEmailChange(
      'change-email-confirmation',
      owner,
      newEmail,
      request.callbackURL,
      now,
    );
    const approval = { type: 'RequestEmailChangeApproval', email: user.email, name: user.name, ...link } as const;
    await this.users.execute(user.id, approval, context);
  }
}
