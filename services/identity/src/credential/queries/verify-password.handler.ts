import type { UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { AccountEntity } from '../../user/account.entity.js';
import { normalizeEmail } from '../../user/email/email-address.js';
import { UserEntity } from '../../user/user.entity.js';
import { toUserView } from '../../user/user-view.mapper.js';
import { VerifyPasswordQuery } from './verify-password.query.js';

/**
 * Unknown email, no credential account and wrong password give one identical answer, after the same
 * work: one bcrypt comparison (against a dummy hash when there is nothing to compare with), so that
 * neither the answer nor its timing tells whether an account exists. An over-long password is refused
 * before hashing.
 */
@QueryHandler(VerifyPasswordQuery)
export class VerifyPasswordHandler implements IQueryHandler<VerifyPasswordQuery, UserView> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: VerifyPasswordQuery): Promise<UserView> {
    const email = normalizeEmail(request.email);
    if (request.password.length > this.config.PASSWORD_MAX_LENGTH) throw new DomainError(AuthErrors.PASSWORD_TOO_LONG);
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    const account = user
      ? await this.dataSource.getRepository(AccountEntity).findOneBy({ userId: user.id, providerId: 'credential' })
      : null;
    const hash = account?.password ?? (await this.hasher.dummyHash());
    const matches = await this.hasher.verify(request.password, hash);
    if (!user || !account?.password || !matches) throw new DomainError(AuthErrors.INVALID_EMAIL_OR_PASSWORD);
    return toUserView(user);
  }
}
