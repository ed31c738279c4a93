import { EventStore, PersonalDataVault, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity.config.js';
import { PasswordHasher } from './password/password-hasher.js';
import { VerifyPasswordHandler } from './user/queries/verify-password.handler.js';
import { RegisterUserHandler } from './user/commands/register-user.handler.js';
import { UpdateUserHandler } from './user/commands/update-user.handler.js';
import { ConfirmUserDeletionHandler, DeleteUserHandler } from './user/commands/delete-user.handler.js';
import { ListAccountsHandler } from './user/queries/list-accounts.handler.js';
import { GetUserHandler } from './user/queries/get-user.handler.js';
import { UsernameAvailabilityHandler } from './user/queries/username-availability.handler.js';
import { UserNatsController } from './user/user.nats-controller.js';
import { SignInNatsController } from './user/sign-in.nats-controller.js';
import { UserStream } from './user/user-stream.js';
import { SendVerificationEmailHandler } from './user/commands/send-verification-email.handler.js';
import { VerifyEmailHandler } from './user/commands/verify-email.handler.js';
import { ChangeEmailHandler } from './user/commands/change-email.handler.js';
import { VerificationLinks } from './user/verification/verification-links.js';
import { NewAddressMail } from './user/verification/new-address-mail.js';
import { VerificationNatsController } from './user/verification.nats-controller.js';
import { ChangePasswordHandler } from './user/commands/change-password.handler.js';
import { RequestPasswordResetHandler } from './user/commands/request-password-reset.handler.js';
import { ResetPasswordHandler } from './user/commands/reset-password.handler.js';
import { SetPasswordHandler } from './user/commands/set-password.handler.js';
import { PasswordNatsController } from './user/password.nats-controller.js';
import { CheckPasswordResetTokenHandler } from './user/queries/check-password-reset-token.handler.js';
import { PasswordResetLinks } from './user/password-reset/password-reset-links.js';
import { CredentialCheck } from './user/credential/credential-check.js';
import { CheckPasswordHandler } from './user/queries/check-password.handler.js';

@Module({})
export class IdentityModule {
  static forRuntime(runtime: ServiceRuntime, config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [CqrsModule.forRoot()],
      controllers: [UserNatsController, SignInNatsController, VerificationNatsController, PasswordNatsController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: EventStore, useValue: runtime.store },
        { provide: PersonalDataVault, useValue: runtime.vault },
        { provide: DataSource, useValue: runtime.dataSource },
        {
          provide: PasswordHasher,
          useValue: new PasswordHasher(config.BCRYPT_COST, { concurrency: config.BCRYPT_CONCURRENCY || undefined }),
        },
        RegisterUserHandler,
        UpdateUserHandler,
        DeleteUserHandler,
        ConfirmUserDeletionHandler,
        ListAccountsHandler,
        GetUserHandler,
        VerifyPasswordHandler,
        UsernameAvailabilityHandler,
        UserStream,
        VerificationLinks,
        NewAddressMail,
        SendVerificationEmailHandler,
        VerifyEmailHandler,
        ChangeEmailHandler,
        PasswordResetLinks,
        CredentialCheck,
        CheckPasswordHandler,
        RequestPasswordResetHandler,
        CheckPasswordResetTokenHandler,
        ResetPasswordHandler,
        ChangePasswordHandler,
        SetPasswordHandler,
      ],
    };
  }
}
