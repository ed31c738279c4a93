import type { VerifyEmailReply } from '@authsvc/contracts';
import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { UserEntity } from '../../user/user.entity.js';
import { UserStream } from '../../user/user-stream.js';
import { toUserView } from '../../user/user-view.mapper.js';
import { readVerificationToken } from '../email-verification-token.js';
import { VerifyEmailCommand } from './verify-email.command.js';

/** Errors of this endpoint are 401s, as the reference answers them without a callbackURL. */
const unauthorized = { status: HttpStatus.UNAUTHORIZED };

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, VerifyEmailReply> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: VerifyEmailCommand): Promise<VerifyEmailReply> {
    const now = new Date();
    const claims = await readVerificationToken(request.token, this.config.AUTH_SECRET, now);
    const repository = this.dataSource.getRepository(UserEntity);
    const user = await repository.findOneBy({ id: claims.userId });
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND, unauthorized);
    // A link mailed to an address the user has since left proves nothing about the current one.
    if (user.email !== claims.email) throw new DomainError(AuthErrors.INVALID_TOKEN, unauthorized);
    const recorded = await this.users.execute(
      user.id,
      { type: 'VerifyEmail', now },
      { correlationId: request.correlationId, actorId: user.id, now },
    );
    const current = recorded.length > 0 ? await repository.findOneByOrFail({ id: user.id }) : user;
    return { user: toUserView(current), verifiedNow: recorded.length > 0 };
  }
}
