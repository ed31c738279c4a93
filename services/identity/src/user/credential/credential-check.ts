import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../account.entity.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { PasswordAttempts } from './password-attempts.js';

/** The signed-in user's request: the client's address, which the throttle counts by, and its correlation id. */
export interface SignedInClient {
  readonly ipAddress: string;
  readonly correlationId: string;
}

/** Re-authentication of a signed-in user by password, before sensitive changes. */
@Injectable()
export class CredentialCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly attempts: PasswordAttempts,
  ) {}

  /**
   * CREDENTIAL_ACCOUNT_NOT_FOUND without a password, INVALID_PASSWORD when it does not match, TOO_MANY_REQUESTS
   * while the account is throttled for the client at its `ipAddress` (see `AccountThrottle`).
   */
  async assertPassword(userId: string, password: string, client: SignedInClient): Promise<void> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ userId, providerId: 'credential' });
    if (!account?.password) throw new DomainError(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND);
    const hash = account.password;
    const matches = await this.attempts.passes({ userId }, client.ipAddress, () => this.hasher.verify(password, hash), {
      correlationId: client.correlationId,
      actorId: userId,
    });
    if (!matches) throw new DomainError(AuthErrors.INVALID_PASSWORD);
  }
}
