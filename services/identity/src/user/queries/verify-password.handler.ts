import type { UserView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError, UsernameErrors, type ErrorDefinition } from '@authsvc/errors';
import { preparedQuery } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { AccountEntity } from '../account.entity.js';
import { PasswordAttempts } from '../credential/password-attempts.js';
import { normalizeEmail } from '../email/email-address.js';
import { normalizeUsername } from '../username/username-rules.js';
import { UserEntity } from '../user.entity.js';
import { toUserView } from '../user-view.mapper.js';

/** Who is signing in: by email or by username. */
export type CredentialLogin = { readonly email: string } | { readonly username: string };

/** The user a password proved, and their stored hash when it is outdated (to be stored again in the current form). */
export interface ProvenPassword {
  readonly user: UserView;
  readonly outdatedHash: string | null;
}

/** A password tried for a login by the client at `address` (the throttle tells clients apart by it). */
export class VerifyPasswordQuery extends Query<ProvenPassword> {
  constructor(
    readonly login: CredentialLogin,
    readonly password: string,
    readonly address: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * Unknown login, no credential account and wrong password give one identical answer, after the same
 * work: one bcrypt comparison (against a dummy hash when there is nothing to compare with), so that
 * neither the answer nor its timing tells whether an account exists. The check runs under the account's throttle,
 * or, for a login that names no account, under the throttle of that login: both lock alike, per client and
 * account-wide. An over-long password is refused before hashing. A match against an outdated hash says so, for
 * the sign-in to upgrade it.
 */
@QueryHandler(VerifyPasswordQuery)
export class VerifyPasswordHandler implements IQueryHandler<VerifyPasswordQuery, ProvenPassword> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly attempts: PasswordAttempts,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ login, password, address, correlationId }: VerifyPasswordQuery): Promise<ProvenPassword> {
    const failure =
      'email' in login ? AuthErrors.INVALID_EMAIL_OR_PASSWORD : UsernameErrors.INVALID_USERNAME_OR_PASSWORD;
    const where = this.userMatching(login, password, failure);
    if (password.length > this.config.PASSWORD_MAX_LENGTH) throw new DomainError(AuthErrors.PASSWORD_TOO_LONG);
    this.hasher.assertCapacity();
    const found = await this.userWithPassword(where);
    const hash = found?.password ?? (await this.hasher.dummyHash());
    const account = found ? { userId: found.user.id } : where;
    const proved = await this.attempts.passes(
      account,
      address,
      async () => (await this.hasher.verify(password, hash)) && Boolean(found?.password),
      // Whoever tries a password at sign-in is unknown: no actor.
      { correlationId, actorId: null },
    );
    if (!found?.password || !proved) throw new DomainError(failure);
    return {
      user: toUserView(found.user),
      outdatedHash: this.hasher.isOutdated(found.password) ? found.password : null,
    };
  }

  /** The user and their credential account's hash (null without one) in one indexed read. */
  private async userWithPassword(where: LoginColumn): Promise<{ user: UserEntity; password: string | null } | null> {
    const users = this.dataSource.getMetadata(UserEntity).tablePath;
    const accounts = this.dataSource.getMetadata(AccountEntity).tablePath;
    const [row] = await preparedQuery<UserEntity & { password: string | null }>(
      this.dataSource.manager,
      `SELECT u.id, u.email, u.name, u.image, u.username, u.display_username AS "displayUsername",
              u.email_verified AS "emailVerified", u.role, u.banned, u.ban_reason AS "banReason",
              u.ban_expires AS "banExpires", u.two_factor_enabled AS "twoFactorEnabled", u.created_at AS "createdAt", u.updated_at AS "updatedAt",
              a.password
         FROM ${users} u LEFT JOIN ${accounts} a ON a.user_id = u.id AND a.provider_id = 'credential'
        WHERE u.${where.column} = $1`,
      [where.value],
    );
    if (!row) return null;
    const { password, ...user } = row;
    return { user: Object.assign(new UserEntity(), user), password };
  }

  private userMatching(login: CredentialLogin, password: string, failure: ErrorDefinition): LoginColumn {
    if ('email' in login) return { column: 'email', value: normalizeEmail(login.email) };
    if (!login.username || !password) throw new DomainError(failure);
    const rule = usernameLengthRule(this.config);
    return { column: 'username', value: normalizeUsername(login.username, rule, 'lookup') };
  }
}

/** The unique column a login names the user by. */
interface LoginColumn {
  readonly column: 'email' | 'username';
  readonly value: string;
}
