import { type RegisterUserRequest, type UserView, DEFAULT_ROLE } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { VerificationLinks } from '../verification/verification-links.js';
import { normalizeEmail } from '../email/email-address.js';
import { claimedUsername } from '../username/username-rules.js';
import { UserRegistration } from '../user-registration.js';

export class RegisterUserCommand extends Command<UserView> {
  constructor(readonly request: RegisterUserRequest) {
    super();
  }
}

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, UserView> {
  constructor(
    private readonly registration: UserRegistration,
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
    await this.registration.assertFree(email, username.username);
    return this.registration.record(
      {
        email,
        name: request.name,
        image: request.image ?? null,
        username,
        passwordHash: await this.hasher.hash(request.password),
        role: DEFAULT_ROLE,
        emailVerified: false,
      },
      request,
      async (userId, now) =>
        this.config.SEND_VERIFICATION_ON_SIGN_UP
          ? this.links.create({ email, userId }, request.callbackURL, now)
          : null,
    );
  }
}
