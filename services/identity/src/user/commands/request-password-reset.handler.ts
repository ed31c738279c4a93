import type { RequestPasswordResetRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../../security/uniform-duration.js';
import { normalizeEmail } from '../email/email-address.js';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { newResetToken, passwordResetUrl } from '../password-reset/reset-token.js';
import { hashMailedToken } from '../../security/mailed-token.js';

export class RequestPasswordResetCommand extends Command<{ status: true; message: string }> {
  constructor(readonly request: RequestPasswordResetRequest) {
    super();
  }
}

/** The one answer, mail or no mail: whether an address has an account must not leak (nor through timing). */
const ACCEPTED = { status: true, message: AuthErrors.RESET_REQUEST_ACCEPTED.message } as const;

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  execute({ request }: RequestPasswordResetCommand): Promise<typeof ACCEPTED> {
    return withUniformDuration(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email: normalizeEmail(request.email) });
      if (user) await this.mailResetLink(user, request.redirectTo, request.correlationId);
      return ACCEPTED;
    });
  }

  private async mailResetLink(user: UserEntity, redirectTo: string | undefined, correlationId: string): Promise<void> {
    const now = new Date();
    const token = newResetToken();
    await this.users.execute(
      user.id,
      {
        type: 'RequestPasswordReset',
        tokenHash: hashMailedToken(token),
        email: user.email,
        name: user.name,
        url: passwordResetUrl(this.config.BASE_URL, token, redirectTo),
        expiresAt: new Date(now.getTime() + this.config.RESET_PASSWORD_TOKEN_EXPIRES_IN * 1000),
      },
      { correlationId, now },
    );
  }
}
