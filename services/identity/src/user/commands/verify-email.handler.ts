import type { UserView, VerifyEmailRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { DataSource } from 'typeorm';
import { UserEntity, USERS_EMAIL_UNIQUE } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { toUserView } from '../user-view.mapper.js';
import { NewAddressMail } from '../verification/new-address-mail.js';
import { VerificationLinks } from '../verification/verification-links.js';

/** `verifiedNow` is true only for the click that verified the address: only that one may sign in. */
export interface VerifiedEmail {
  readonly user: UserView;
  readonly verifiedNow: boolean;
}

export class VerifyEmailCommand extends Command<VerifiedEmail> {
  constructor(readonly request: VerifyEmailRequest) {
    super();
  }
}

/** Errors of this endpoint are 401s, as the reference answers them without a callbackURL. */
const unauthorized = { status: HttpStatus.UNAUTHORIZED };

/**
 * Every link of our mails that proves something about an address: verification (the first click verifies
 * and may sign in), change-email approval (mails the new address its link) and new-address verification
 * (the email changes). A link for an address the user has since left, or one already used, is refused.
 */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, VerifiedEmail> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly newAddress: NewAddressMail,
    private readonly links: VerificationLinks,
  ) {}

  async execute({ request }: VerifyEmailCommand): Promise<VerifiedEmail> {
    const now = new Date();
    const claims = await this.links.read(request.token, now);
    const repository = this.dataSource.getRepository(UserEntity);
    const user = await repository.findOneBy({ id: claims.userId });
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND, unauthorized);
    if (user.email !== claims.email) throw new DomainError(AuthErrors.INVALID_TOKEN, unauthorized);
    const context = { correlationId: request.correlationId, actorId: user.id, now };
    // A change of address is the user's own: a browser signed in as someone else changes nothing (as 1.7).
    if (claims.requestType !== 'email-verification' && request.signedInUserId !== undefined) {
      if (request.signedInUserId !== user.id) throw new DomainError(AuthErrors.INVALID_USER);
    }
    switch (claims.requestType) {
      case 'email-verification': {
        const recorded = await this.users.execute(user.id, { type: 'VerifyEmail', now }, context);
        const current = recorded.length > 0 ? await repository.findOneByOrFail({ id: user.id }) : user;
        return { user: toUserView(current), verifiedNow: recorded.length > 0 };
      }
      case 'change-email-confirmation':
        // The approval was given: the new address gets its own link, unless it has meanwhile found an owner.
        if (!(await repository.existsBy({ email: claims.updateTo }))) {
          await this.newAddress.send(user, claims.updateTo, request.callbackURL, claims.jti, context);
        }
        return { user: toUserView(user), verifiedNow: false };
      case 'change-email-verification':
        await this.users.execute(
          user.id,
          { type: 'ChangeEmail', newEmail: claims.updateTo, tokenId: claims.jti, now },
          context,
          { [USERS_EMAIL_UNIQUE]: AuthErrors.USER_ALREADY_EXISTS },
        );
        return { user: toUserView(await repository.findOneByOrFail({ id: user.id })), verifiedNow: false };
    }
  }
}
