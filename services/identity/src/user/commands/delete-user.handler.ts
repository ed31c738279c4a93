import type { DeleteUserRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { randomString } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { CredentialCheck } from '../credential/credential-check.js';
import { hashMailedToken } from '../../security/mailed-token.js';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';

export type DeleteUserOutcome = 'deleted' | 'verification-sent';

export class DeleteUserCommand extends Command<{ outcome: DeleteUserOutcome }> {
  constructor(readonly request: DeleteUserRequest) {
    super();
  }
}

const DELETION_TOKEN_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * Deleting an account needs proof that its owner asks: the password, a fresh session, or (when deletions
 * are confirmed by mail) the link mailed to the address. A given password is always checked first.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly credentials: CredentialCheck,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: DeleteUserCommand): Promise<{ outcome: DeleteUserOutcome }> {
    if (request.password !== undefined) {
      await this.credentials.assertPassword(request.userId, request.password, request);
    }
    const now = new Date();
    const context = { correlationId: request.correlationId, actorId: request.userId, now };
    if (this.config.DELETE_USER_SEND_VERIFICATION) {
      const user = await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: request.userId });
      const token = randomString(32, DELETION_TOKEN_ALPHABET);
      const url = new URL(`${this.config.BASE_URL.toString().replace(/\/$/, '')}/api/auth/delete-user/callback`);
      url.searchParams.set('token', token);
      url.searchParams.set('callbackURL', request.callbackURL ?? '/');
      await this.users.execute(
        user.id,
        {
          type: 'RequestUserDeletion',
          tokenHash: hashMailedToken(token),
          email: user.email,
          name: user.name,
          url: url.toString(),
          expiresAt: new Date(now.getTime() + this.config.DELETE_USER_TOKEN_EXPIRES_IN * 1000),
        },
        context,
      );
      return { outcome: 'verification-sent' };
    }
    if (request.password === undefined && !request.freshSession) throw new DomainError(AuthErrors.SESSION_EXPIRED);
    await this.users.execute(request.userId, { type: 'DeleteUser', tokenHash: null, now }, context);
    return { outcome: 'deleted' };
  }
}
