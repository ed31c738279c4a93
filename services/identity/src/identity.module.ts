import { authKeyRing } from '@authsvc/config';
import { EventStore, PersonalDataVault, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { AuditModule } from './audit/audit.module.js';
import { IDENTITY_CONFIG, throttleSettings, type IdentityConfig } from './identity.config.js';
import { AccountThrottle } from './security/account-throttle.js';
import { PasswordAttempts } from './user/credential/password-attempts.js';
import { PasswordHasher } from './password/password-hasher.js';
import { AdminNatsController } from './user/admin.nats-controller.js';
import { SetRoleHandler } from './user/commands/set-role.handler.js';
import { BanUserHandler, UnbanUserHandler } from './user/commands/ban-user.handler.js';
import { AdminRights } from './user/admin-rights.js';
import { AdminUserChanges } from './user/admin-user-changes.js';
import { UserRegistration } from './user/user-registration.js';
import { CreateUserHandler } from './user/commands/create-user.handler.js';
import { AdminUpdateUserHandler } from './user/commands/admin-update-user.handler.js';
import { SetUserPasswordHandler } from './user/commands/set-user-password.handler.js';
import { RemoveUserHandler } from './user/commands/remove-user.handler.js';
import { SetRoleByEmailHandler } from './user/commands/set-role-by-email.handler.js';
import { ListUsersHandler } from './user/queries/list-users.handler.js';
import { ChangeEmailHandler } from './user/commands/change-email.handler.js';
import { ChangePasswordHandler } from './user/commands/change-password.handler.js';
import { ConfirmUserDeletionHandler } from './user/commands/confirm-user-deletion.handler.js';
import { DeleteUserHandler } from './user/commands/delete-user.handler.js';
import { RegisterUserHandler } from './user/commands/register-user.handler.js';
import { RequestPasswordResetHandler } from './user/commands/request-password-reset.handler.js';
import { ResetPasswordHandler } from './user/commands/reset-password.handler.js';
import { SendVerificationEmailHandler } from './user/commands/send-verification-email.handler.js';
import { SetPasswordHandler } from './user/commands/set-password.handler.js';
import { UpdateUserHandler } from './user/commands/update-user.handler.js';
import { UpgradePasswordHashHandler } from './user/commands/upgrade-password-hash.handler.js';
import { VerifyEmailHandler } from './user/commands/verify-email.handler.js';
import { CredentialCheck } from './user/credential/credential-check.js';
import { PasswordResetLinks } from './user/password-reset/password-reset-links.js';
import { PasswordNatsController } from './user/password.nats-controller.js';
import { CheckPasswordResetTokenHandler } from './user/queries/check-password-reset-token.handler.js';
import { CheckPasswordHandler } from './user/queries/check-password.handler.js';
import { GetUserHandler } from './user/queries/get-user.handler.js';
import { ListAccountsHandler } from './user/queries/list-accounts.handler.js';
import { UsernameAvailabilityHandler } from './user/queries/username-availability.handler.js';
import { VerifyPasswordHandler } from './user/queries/verify-password.handler.js';
import { SignInNatsController } from './user/sign-in.nats-controller.js';
import { UserStream } from './user/user-stream.js';
import { UserNatsController } from './user/user.nats-controller.js';
import { VerificationNatsController } from './user/verification.nats-controller.js';
import { NewAddressMail } from './user/verification/new-address-mail.js';
import { VerificationLinks } from './user/verification/verification-links.js';
import { NewPasswordPolicy } from './user/credential/new-password-policy.js';
import { jwtKeyProviders } from './keys/jwt-key.providers.js';
import { JwtKeyNatsController } from './keys/jwt-key.nats-controller.js';
import { SocialNatsController } from './social/social.nats-controller.js';
import { AccountLinkingNatsController } from './social/link/account-linking.nats-controller.js';
import { socialProviders } from './social/social.providers.js';
import { ProviderTokensNatsController } from './social/tokens/provider-tokens.nats-controller.js';
import { providerTokenProviders } from './social/tokens/provider-tokens.providers.js';
import { passwordlessProviders } from './passwordless/passwordless.providers.js';
import { PasswordlessNatsController } from './passwordless/passwordless.nats-controller.js';
import { twoFactorProviders } from './two-factor/two-factor.providers.js';
import { TwoFactorNatsController } from './two-factor/two-factor.nats-controller.js';
import { PasskeyNatsController } from './passkey/passkey.nats-controller.js';
import { passkeyProviders } from './passkey/passkey.providers.js';

@Module({})
export class IdentityModule {
  static forRuntime(runtime: ServiceRuntime & { redis: Redis }, config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [CqrsModule.forRoot(), AuditModule.forRuntime(runtime)],
      controllers: [
        UserNatsController,
        SignInNatsController,
        VerificationNatsController,
        PasswordNatsController,
        AdminNatsController,
        JwtKeyNatsController,
        SocialNatsController,
        ProviderTokensNatsController,
        AccountLinkingNatsController,
        PasskeyNatsController,
        PasswordlessNatsController,
        TwoFactorNatsController,
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: EventStore, useValue: runtime.store },
        { provide: PersonalDataVault, useValue: runtime.vault },
        { provide: DataSource, useValue: runtime.dataSource },
        // password/: hashing only
        {
          provide: PasswordHasher,
          useValue: new PasswordHasher(config.BCRYPT_COST, authKeyRing(config, 'password-prehash'), {
            concurrency: config.BCRYPT_CONCURRENCY || undefined,
          }),
        },
        { provide: AccountThrottle, useValue: new AccountThrottle(runtime.redis, throttleSettings(config)) },
        // user/: the aggregate's stream and the services its handlers share
        UserStream,
        PasswordAttempts,
        CredentialCheck,
        NewPasswordPolicy,
        PasswordResetLinks,
        VerificationLinks,
        NewAddressMail,
        // user/commands/
        RegisterUserHandler,
        UpdateUserHandler,
        DeleteUserHandler,
        ConfirmUserDeletionHandler,
        SendVerificationEmailHandler,
        VerifyEmailHandler,
        ChangeEmailHandler,
        RequestPasswordResetHandler,
        ResetPasswordHandler,
        ChangePasswordHandler,
        SetPasswordHandler,
        UpgradePasswordHashHandler,
        AdminUserChanges,
        AdminRights,
        SetRoleHandler,
        BanUserHandler,
        UnbanUserHandler,
        UserRegistration,
        CreateUserHandler,
        AdminUpdateUserHandler,
        SetUserPasswordHandler,
        RemoveUserHandler,
        SetRoleByEmailHandler,
        // user/queries/
        GetUserHandler,
        ListUsersHandler,
        ListAccountsHandler,
        UsernameAvailabilityHandler,
        VerifyPasswordHandler,
        CheckPasswordHandler,
        CheckPasswordResetTokenHandler,
        ...jwtKeyProviders(config),
        ...socialProviders(runtime.redis, config),
        ...providerTokenProviders(runtime.redis),
        ...passkeyProviders(runtime.redis),
        ...passwordlessProviders(runtime.redis),
        ...twoFactorProviders(runtime.redis),
      ],
    };
  }
}
