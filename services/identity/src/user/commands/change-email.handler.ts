import type { ChangeEmailRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../../security/uniform-duration.js';
import { normalizeEmail } from '../email/email-address.js';
import { UserEntity, USERS_EMAIL_UNIQUE } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { VerificationLinks } from '../verification/verification-links.js';
import { ChangeEmailCommand } from './change-email.command.js';

/**
 * Starts a change of email, or makes it at once for an unverified user (spec §4). Whether the new address already
 * has an account must not leak: it gets the same answer, after the same time, and nobody is mailed.
 */
@CommandHandler(ChangeEmailCommand)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmailCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly links: VerificationLinks,
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
   * address is replaced at once and the new one gets a verification link.
   */
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
    const link = await this.links.create({ email: newEmail, userId: user.id }, request.callbackURL, now);
    const replace = { type: 'ReplaceUnverifiedEmail', email: newEmail, name: user.name, ...link, now } as const;
    await this.users
      .execute(user.id, replace, context, { [USERS_EMAIL_UNIQUE]: AuthErrors.USER_ALREADY_EXISTS })
      .catch((error: unknown) => {
        // Taken since the check above: answered like any taken address.
        if (!(error instanceof DomainError && error.code === AuthErrors.USER_ALREADY_EXISTS.code)) throw error;
      });
  }
}
