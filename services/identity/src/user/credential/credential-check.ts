import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../account.entity.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { AccountThrottle } from '../../security/account-throttle.js';

/** Re-authentication of a signed-in user by password, before sensitive changes. */
@Injectable()
export class CredentialCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly throttle: AccountThrottle,
  ) {}

  /**
   * CREDENTIAL_ACCOUNT_NOT_FOUND without a password, INVALID_PASSWORD when it does not match, TOO_MANY_REQUESTS
   * while the account is throttled for the client at `address` (see `AccountThrottle`).
   */
  async assertPassword(userId: string, password: string, address: string): Promise<void> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ userId, providerId: 'credential' });
    if (!account?.password) throw new DomainError(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND);
    const hash = account.password;
    const matches = await this.throttle.passes({ userId }, address, () => this.hasher.verify(password, hash));
    if (!matches) throw new DomainError(AuthErrors.INVALID_PASSWORD);
  }
}
