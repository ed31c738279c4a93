import type { SendVerificationEmailRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { DataSource } from 'typeorm';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../../security/uniform-duration.js';
import { normalizeEmail } from '../email/email-address.js';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { VerificationLinks } from '../verification/verification-links.js';

export class SendVerificationEmailCommand extends Command<{ status: true }> {
  constructor(readonly request: SendVerificationEmailRequest) {
    super();
  }
}

/**
 * A signed-in user may ask for a new link to their own unverified address and is told why not otherwise.
 * Anyone else gets `{status: true}` after the same time whether the address is unknown, verified or mailed.
 */
@CommandHandler(SendVerificationEmailCommand)
export class SendVerificationEmailHandler implements ICommandHandler<SendVerificationEmailCommand, { status: true }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly links: VerificationLinks,
  ) {}

  async execute({ request }: SendVerificationEmailCommand): Promise<{ status: true }> {
    const email = normalizeEmail(request.email);
    const repository = this.dataSource.getRepository(UserEntity);
    if (request.actorId) {
      const user = await repository.findOneBy({ id: request.actorId });
      if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND);
      if (user.emailVerified) throw new DomainError(AuthErrors.EMAIL_ALREADY_VERIFIED);
      if (user.email !== email) throw new DomainError(AuthErrors.EMAIL_MISMATCH);
      await this.mail(user, request.callbackURL, request.correlationId);
      return { status: true };
    }
    return withUniformDuration(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      const user = await repository.findOneBy({ email });
      if (user && !user.emailVerified) await this.mail(user, request.callbackURL, request.correlationId);
      return { status: true } as const;
    });
  }

  private async mail(user: UserEntity, callbackURL: string | undefined, correlationId: string): Promise<void> {
    const now = new Date();
    const link = await this.links.create({ email: user.email, userId: user.id }, callbackURL, now);
    await this.users.execute(
      user.id,
      { type: 'RequestVerificationEmail', email: user.email, name: user.name, ...link },
      { correlationId, actorId: user.id, now },
    );
  }
}
