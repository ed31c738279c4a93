import { EventStore, PersonalDataVault, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity.config.js';
import { PasswordHasher } from './password/password-hasher.js';
import { VerifyPasswordHandler } from './credential/queries/verify-password.handler.js';
import { RegisterUserHandler } from './user/commands/register-user.handler.js';
import { UpdateUserHandler } from './user/commands/update-user.handler.js';
import { ConfirmUserDeletionHandler, DeleteUserHandler } from './user/commands/delete-user.handler.js';
import { ListAccountsHandler } from './user/queries/list-accounts.handler.js';
import { GetUserHandler } from './user/queries/get-user.handler.js';
import { UsernameAvailabilityHandler } from './user/queries/username-availability.handler.js';
import { UserNatsController } from './user/user.nats-controller.js';
import { SignInNatsController } from './credential/sign-in.nats-controller.js';
import { UserStream } from './user/user-stream.js';
import { SendVerificationEmailHandler } from './verification/commands/send-verification-email.handler.js';
import { VerifyEmailHandler } from './verification/commands/verify-email.handler.js';
import { ChangeEmailHandler } from './verification/commands/change-email.handler.js';
import { VerificationLinks } from './verification/verification-links.js';
import { NewAddressMail } from './verification/new-address-mail.js';
import { VerificationNatsController } from './verification/verification.nats-controller.js';
import { ChangePasswordHandler } from './password/commands/change-password.handler.js';
import { RequestPasswordResetHandler } from './password/commands/request-password-reset.handler.js';
import { ResetPasswordHandler } from './password/commands/reset-password.handler.js';
import { SetPasswordHandler } from './password/commands/set-password.handler.js';
import { PasswordNatsController } from './password/password.nats-controller.js';
import { CheckPasswordResetTokenHandler } from './password/queries/check-password-reset-token.handler.js';
import { PasswordResetLinks } from './password/reset/password-reset-links.js';
import { CredentialCheck } from './password/credential-check.js';
import { CheckPasswordHandler } from './password/queries/check-password.handler.js';

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
