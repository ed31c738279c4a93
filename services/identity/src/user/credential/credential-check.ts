import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../account.entity.js';
import { PasswordHasher } from '../../password/password-hasher.js';

/** Re-authentication of a signed-in user by password, before sensitive changes. */
@Injectable()
export class CredentialCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
  ) {}

  /** CREDENTIAL_ACCOUNT_NOT_FOUND without a password, INVALID_PASSWORD when it does not match. */
  async assertPassword(userId: string, password: string): Promise<void> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ userId, providerId: 'credential' });
    if (!account?.password) throw new DomainError(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await this.hasher.verify(password, account.password))) throw new DomainError(AuthErrors.INVALID_PASSWORD);
  }
}
