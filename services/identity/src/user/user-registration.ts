import type { UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError, UsernameErrors } from '@authsvc/errors';
import { EventStore, preparedQuery, projectedRow, randomString } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { userViewProjection } from './projections/user-view.projection.js';
import { decideUser, type RegisterUser } from './user.decider.js';
import { ACCOUNTS_PROVIDER_KEY_UNIQUE } from './account.entity.js';
import { UserEntity, USERS_EMAIL_UNIQUE, USERS_USERNAME_UNIQUE } from './user.entity.js';
import { initialUserState, userStreamId } from './user-state.js';
import { toUserView } from './user-view.mapper.js';

/** What a registration records besides what the registrar decides: the ids and the time. */
export type Registration = Omit<RegisterUser, 'type' | 'userId' | 'accountId' | 'now' | 'verification'>;

/** Records a new user (sign-up or an admin's create-user): one user per email and per username. */
@Injectable()
export class UserRegistration {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Cheap early answers that spare the hash; the unique constraints of `record` hold under concurrency.
   * `existsStatus`: the status a taken email is answered with where the reference differs (400 at create-user).
   */
  async assertFree(email: string, username: string | null, existsStatus?: number): Promise<void> {
    if (await this.store.repeatsAppliedCommand()) return;
    const users = this.dataSource.getMetadata(UserEntity).tablePath;
    const [taken] = await preparedQuery<{ email: boolean; username: boolean }>(
      this.dataSource.manager,
      `SELECT EXISTS (SELECT 1 FROM ${users} WHERE email = $1) AS email,
              EXISTS (SELECT 1 FROM ${users} WHERE username = $2) AS username`,
      [email, username],
    );
    if (taken.email) throw new DomainError(AuthErrors.USER_ALREADY_EXISTS, { status: existsStatus });
    if (taken.username) throw new DomainError(UsernameErrors.USERNAME_IS_ALREADY_TAKEN);
  }

  /**
   * Records the user; `verification` makes the mailed link for their id. The actor is the user themself, or the
   * admin who created them.
   */
  async record(
    registration: Registration,
    context: { correlationId: string; actorId?: string },
    verification: (userId: string, now: Date) => Promise<RegisterUser['verification']> = async () => null,
  ): Promise<UserView> {
    const now = new Date();
    const userId = randomString();
    const events = decideUser(
      {
        ...registration,
        type: 'RegisterUser',
        userId,
        accountId: randomString(),
        now,
        verification: await verification(userId, now),
      },
      initialUserState,
    );
    const recorded = await this.store.append({
      streamId: userStreamId(userId),
      expectedVersion: 0,
      events,
      context: { correlationId: context.correlationId, actorId: context.actorId ?? userId, now },
      introducesSubject: userId,
      uniqueViolations: {
        [USERS_EMAIL_UNIQUE]: AuthErrors.USER_ALREADY_EXISTS,
        [USERS_USERNAME_UNIQUE]: UsernameErrors.USERNAME_IS_ALREADY_TAKEN,
        [ACCOUNTS_PROVIDER_KEY_UNIQUE]: AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED,
      },
    });
    return toUserView(projectedRow(userViewProjection, recorded) as UserEntity, now);
  }
}
