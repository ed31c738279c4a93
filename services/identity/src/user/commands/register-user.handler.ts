import type { UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError, UsernameErrors } from '@authsvc/errors';
import { EventStore, preparedQuery, projectedRow, randomString } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { VerificationLinks } from '../verification/verification-links.js';
import { normalizeEmail } from '../email/email-address.js';
import { claimedUsername } from '../username/username-rules.js';
import { UserEntity, USERS_EMAIL_UNIQUE, USERS_USERNAME_UNIQUE } from '../user.entity.js';
import { userViewProjection } from '../projections/user-view.projection.js';
import { toUserView } from '../user-view.mapper.js';
import { decideUser } from '../user.decider.js';
import { initialUserState, userStreamId } from '../user-state.js';
import { RegisterUserCommand } from './register-user.command.js';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, UserView> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly links: VerificationLinks,
    private readonly passwords: NewPasswordPolicy,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: RegisterUserCommand): Promise<UserView> {
    const email = normalizeEmail(request.email);
    this.passwords.assertAcceptable(request.password);
    const username = claimedUsername(request, usernameLengthRule(this.config));
    this.hasher.assertCapacity();
    // Cheap early answers that spare the hash; the unique constraints below are what hold under concurrency.
    const taken = await this.taken(email, username?.username ?? null);
    if (taken.email) throw new DomainError(AuthErrors.USER_ALREADY_EXISTS);
    if (taken.username) throw new DomainError(UsernameErrors.USERNAME_IS_ALREADY_TAKEN);
    const now = new Date();
    const userId = randomString();
    const events = decideUser(
      {
        type: 'RegisterUser',
        userId,
        accountId: randomString(),
        email,
        name: request.name,
        image: request.image ?? null,
        username,
        passwordHash: await this.hasher.hash(request.password),
        now,
        verification: await this.verification(email, userId, request.callbackURL, now),
      },
      initialUserState,
    );
    const recorded = await this.store.append({
      streamId: userStreamId(userId),
      expectedVersion: 0,
      events,
      context: { correlationId: request.correlationId, actorId: userId, now },
      introducesSubject: userId,
      uniqueViolations: {
        [USERS_EMAIL_UNIQUE]: AuthErrors.USER_ALREADY_EXISTS,
        [USERS_USERNAME_UNIQUE]: UsernameErrors.USERNAME_IS_ALREADY_TAKEN,
      },
    });
    return toUserView(projectedRow(userViewProjection, recorded) as UserEntity);
  }

  /** Whether the email and the username (none: not taken) already belong to a user, in one indexed read. */
  private async taken(email: string, username: string | null): Promise<{ email: boolean; username: boolean }> {
    const users = this.dataSource.getMetadata(UserEntity).tablePath;
    const [row] = await preparedQuery<{ email: boolean; username: boolean }>(
      this.dataSource.manager,
      `SELECT EXISTS (SELECT 1 FROM ${users} WHERE email = $1) AS email,
              EXISTS (SELECT 1 FROM ${users} WHERE username = $2) AS username`,
      [email, username],
    );
    return row;
  }

  private async verification(email: string, userId: string, callbackURL: string | undefined, now: Date) {
    if (!this.config.SEND_VERIFICATION_ON_SIGN_UP) return null;
    return this.links.create({ email, userId }, callbackURL, now);
  }
}
