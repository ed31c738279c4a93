import { type CreateUserRequest, type UserView, DEFAULT_ROLE, isKnownRole, joinRoles } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { normalizeEmail } from '../email/email-address.js';
import { claimedUsername } from '../username/username-rules.js';
import { UserRegistration } from '../user-registration.js';

export class CreateUserCommand extends Command<UserView> {
  constructor(readonly request: CreateUserRequest) {
    super();
  }
}

/**
 * An admin creates a user: the admin is the actor, no verification mail goes out. The same rules as sign-up
 * hold for the email, the username and a password, when one is given.
 */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, UserView> {
  constructor(
    private readonly registration: UserRegistration,
    private readonly hasher: PasswordHasher,
    private readonly passwords: NewPasswordPolicy,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: CreateUserCommand): Promise<UserView> {
    const { data = {}, password } = request;
    const email = normalizeEmail(request.email);
    const role = request.role === undefined ? DEFAULT_ROLE : joinRoles(request.role);
    if (!isKnownRole(role)) throw new DomainError(AdminErrors.YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE);
    if (password !== undefined) this.passwords.assertAcceptable(password);
    const username = claimedUsername(data, usernameLengthRule(this.config));
    await this.registration.assertFree(email, username.username, HttpStatus.BAD_REQUEST);
    return this.registration.record(
      {
        email,
        name: request.name,
        image: data.image ?? null,
        username,
        passwordHash: password === undefined ? null : await this.hasher.hash(password),
        role,
        emailVerified: data.emailVerified ?? false,
      },
      request,
    );
  }
}
