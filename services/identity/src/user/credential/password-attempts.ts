import { Injectable, Logger } from '@nestjs/common';
import { AccountThrottle, type ThrottledAccount } from '../../security/account-throttle.js';
import { isUnaudited, type PasswordFailure } from '../../security/password-failure.js';
import { UserStream } from '../user-stream.js';

/** Who asks: the request's correlation id, and the signed-in user re-authenticating (null at a sign-in). */
export interface AttemptContext {
  readonly correlationId: string;
  readonly actorId: string | null;
}

/**
 * A password check under the account's throttle, whose failures of a known account go to the user's stream as far
 * as the throttle lets the audit log record them (`PasswordFailure`). Failures of logins that name no account are
 * on no stream: they stay in the metrics.
 */
@Injectable()
export class PasswordAttempts {
  private readonly logger = new Logger(PasswordAttempts.name);

  constructor(
    private readonly throttle: AccountThrottle,
    private readonly users: UserStream,
  ) {}

  /** Runs `verify` under the throttle (see `AccountThrottle.check`) and answers whether the password was right. */
  async passes(
    account: ThrottledAccount,
    address: string,
    verify: () => Promise<boolean>,
    context: AttemptContext,
  ): Promise<boolean> {
    const check = await this.throttle.check(account, address, verify);
    if (check.right) return true;
    if ('userId' in account && !isUnaudited(check.failure)) this.record(account.userId, check.failure, context);
    return false;
  }

  /**
   * Not awaited: the answer to a wrong password must take as long for a known account as for an unknown one, which
   * has nothing to record. An entry lost to a crash at that moment is lost; the failure is still in the metrics.
   */
  private record(userId: string, failure: PasswordFailure, { correlationId, actorId }: AttemptContext): void {
    const now = new Date();
    this.users
      .execute(userId, { type: 'RecordPasswordFailure', failure, now }, { correlationId, actorId, now })
      .catch((error: unknown) =>
        this.logger.warn(`failed password of ${userId} not recorded (${correlationId}): ${(error as Error).message}`),
      );
  }
}
