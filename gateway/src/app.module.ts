import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { GatewayNatsAccess } from '@authsvc/contracts';
import { MultiplexedNatsClient, natsEndpoint } from '@authsvc/platform';
import type { Redis } from 'ioredis';
import { MemberReadModels } from './session/member-read-models.js';
import { SessionReadModels } from './session/session-read-models.js';
import { CurrentSession } from './session/current-session.js';
import { SessionIssuer } from './session/session-issuer.js';
import { ActiveOrganization } from './session/active-organization.js';
import { OrganizationSessionFlows } from './organization/organization-session-flows.js';
import { SessionCookieCache } from './session/session-cookie-cache.js';
import { SessionController } from './auth/session.controller.js';
import { SignInController } from './auth/sign-in.controller.js';
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorCookies } from './two-factor/two-factor-cookies.js';
import { AdminTwoFactorController } from './two-factor/admin-two-factor.controller.js';
import { SocialController } from './social/social.controller.js';
import { ProviderTokensController } from './social/provider-tokens.controller.js';
import { AccountLinkingController } from './social/account-linking.controller.js';
import { SignUpController } from './auth/sign-up.controller.js';
import { StatusController } from './auth/status.controller.js';
import { UserSessionsController } from './auth/user-sessions.controller.js';
import { UsernameController } from './auth/username.controller.js';
import { VerificationController } from './auth/verification.controller.js';
import { MagicLinkController } from './passwordless/magic-link.controller.js';
import { EmailOtpController } from './passwordless/email-otp.controller.js';
import { PasswordController } from './auth/password.controller.js';
import { AccountController } from './auth/account.controller.js';
import { DeleteUserController } from './auth/delete-user.controller.js';
import { AdminPasskeysController } from './passkey/admin-passkeys.controller.js';
import { PasskeyController } from './passkey/passkey.controller.js';
import { AuthCookies } from './session/auth-cookies.js';
import { MailboxController } from './dev/mailbox.controller.js';
import { AdminAuditController } from './audit/admin-audit.controller.js';
import { OrganizationAuditController } from './audit/organization-audit.controller.js';
import { AdminAccess } from './admin/admin-access.js';
import { ImpersonatorCheck } from './admin/impersonator-check.js';
import { AdminRoleController } from './admin/admin-role.controller.js';
import { AdminBanController } from './admin/admin-ban.controller.js';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { AdminSessionsController } from './admin/admin-sessions.controller.js';
import { ImpersonationController } from './admin/impersonation.controller.js';
import { Impersonation } from './admin/impersonation.js';
import { InvitationController } from './organization/invitation.controller.js';
import { OrganizationController } from './organization/organization.controller.js';
import { ActiveMember } from './organization/active-member.js';
import { MemberController } from './organization/member.controller.js';
import { TeamController } from './organization/team.controller.js';
import { WebhookController } from './webhook/webhook.controller.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config.js';
import { GATEWAY_REDIS, HealthController } from './health/health.controller.js';
import { GracefulDrain } from './http/graceful-drain.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { HttpValidationPipe } from './http/http-validation.pipe.js';
import { NATS_CLIENT, ServiceClient } from './rpc/service-client.js';
import { OriginGuard } from './security/origin.guard.js';
import { TrustedOrigins } from './security/trusted-origins.js';
import { JwtController } from './jwt/jwt.controller.js';
import { JwtIssuer } from './jwt/jwt-issuer.js';
import { JwtKeys } from './jwt/jwt-keys.js';
import { InvitationMailLimit } from './rate-limit/invitation-mail-limit.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { OpenApiController } from './open-api/open-api.controller.js';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, redis: Redis): DynamicModule {
    return {
      module: AppModule,
      // DiscoveryService: the OpenAPI document lists the controllers Nest maps, not a list of ours.
      imports: [DiscoveryModule],
      controllers: [
        SignUpController,
        SignInController,
        TwoFactorController,
        AdminTwoFactorController,
        SocialController,
        ProviderTokensController,
        AccountLinkingController,
        PasskeyController,
        AdminPasskeysController,
        SessionController,
        UserSessionsController,
        UsernameController,
        VerificationController,
        MagicLinkController,
        EmailOtpController,
        PasswordController,
        AccountController,
        DeleteUserController,
        StatusController,
        OrganizationController,
        MemberController,
        TeamController,
        WebhookController,
        InvitationController,
        AdminRoleController,
        AdminBanController,
        AdminUsersController,
        AdminSessionsController,
        ImpersonationController,
        AdminAuditController,
        OrganizationAuditController,
        MailboxController,
        HealthController,
        JwtController,
        OpenApiController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: GATEWAY_REDIS, useValue: redis },
        {
          provide: NATS_CLIENT,
          useFactory: () => new MultiplexedNatsClient(natsEndpoint(GatewayNatsAccess.user, config)),
        },
        { provide: TrustedOrigins, useValue: new TrustedOrigins(config.BASE_URL, config.TRUSTED_ORIGINS) },
        { provide: AuthCookies, useValue: new AuthCookies(config, config.BASE_URL.protocol === 'https:') },
        {
          provide: InvitationMailLimit,
          useValue: new InvitationMailLimit(config.RATE_LIMIT_ENABLED ? new RateLimiter(redis) : undefined),
        },
        { provide: GracefulDrain, useValue: new GracefulDrain() },
        ServiceClient,
        SessionReadModels,
        MemberReadModels,
        ActiveMember,
        CurrentSession,
        SessionIssuer,
        TwoFactorCookies,
        SessionCookieCache,
        ActiveOrganization,
        OrganizationSessionFlows,
        AdminAccess,
        ImpersonatorCheck,
        JwtKeys,
        JwtIssuer,
        Impersonation,
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        { provide: APP_PIPE, useClass: HttpValidationPipe },
        { provide: APP_GUARD, useClass: OriginGuard },
      ],
    };
  }
}
