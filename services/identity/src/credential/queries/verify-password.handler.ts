import type { UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError, UsernameErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource, type FindOptionsWhere } from 'typeorm';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { AccountEntity } from '../../user/account.entity.js';
import { normalizeEmail } from '../../user/email/email-address.js';
import { normalizeUsername } from '../../user/username/username-rules.js';
import { UserEntity } from '../../user/user.entity.js';
import { toUserView } from '../../user/user-view.mapper.js';
import { VerifyPasswordQuery, type CredentialLogin } from './verify-password.query.js';

/**
 * Unknown login, no credential account and wrong password give one identical answer, after the same
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

  async execute({ login, password }: VerifyPasswordQuery): Promise<UserView> {
    const failure = new DomainError(
      'email' in login ? AuthErrors.INVALID_EMAIL_OR_PASSWORD : UsernameErrors.INVALID_USERNAME_OR_PASSWORD,
    );
    const where = this.userMatching(login, password, failure);
    if (password.length > this.config.PASSWORD_MAX_LENGTH) throw new DomainError(AuthErrors.PASSWORD_TOO_LONG);
    const user = await this.dataSource.getRepository(UserEntity).findOneBy(where);
    const account = user
      ? await this.dataSource.getRepository(AccountEntity).findOneBy({ userId: user.id, providerId: 'credential' })
      : null;
    const hash = account?.password ?? (await this.hasher.dummyHash());
    const matches = await this.hasher.verify(password, hash);
    if (!user || !account?.password || !matches) throw failure;
    return toUserView(user);
  }

  private userMatching(login: CredentialLogin, password: string, failure: DomainError): FindOptionsWhere<UserEntity> {
    if ('email' in login) return { email: normalizeEmail(login.email) };
    if (!login.username || !password) throw failure;
    const rule = usernameLengthRule(this.config);
    return { username: normalizeUsername(login.username, rule, 'lookup') };
  }
}
