import type { ChangeEmailRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../../security/uniform-duration.js';
import { normalizeEmail } from '../email/email-address.js';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { NewAddressMail } from '../verification/new-address-mail.js';
import { VerificationLinks } from '../verification/verification-links.js';
import { ChangeEmailCommand } from './change-email.command.js';

/**
 * Starts a change of email. Whether the new address already has an account must not leak: it gets the same
 * answer, after the same time, and nobody is mailed.
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

  /** A verified user approves from the current address first; an unverified one proves the new address. */
  private async mailFirstLink(user: UserEntity, newEmail: string, request: ChangeEmailRequest): Promise<void> {
    const now = new Date();
    const context = { correlationId: request.correlationId, actorId: user.id, now };
    const owner = { email: user.email, userId: user.id };
    if (user.emailVerified) {
      const link = await this.links.createEmailChange(
        'change-email-confirmation',
        owner,
        newEmail,
        request.callbackURL,
        now,
      );
      await this.users.execute(
        user.id,
        {
          type: 'RequestEmailChangeApproval',
          email: user.email,
          name: user.name,
          url: link.url,
          expiresAt: link.expiresAt,
        },
        context,
      );
      return;
    }
    await this.newAddress.send(user, newEmail, request.callbackURL, null, context);
  }
}
