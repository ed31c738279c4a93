import 'reflect-metadata';
import { isDevelopment } from '@authsvc/config';
import {
  acceptPlainHttpImageUrls,
  IDENTITY_MAIL_STREAM,
  IDENTITY_QUEUE,
  IdentityEventTypes,
  IdentityNatsAccess,
  JwtKeyEventTypes,
} from '@authsvc/contracts';
import { runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import type { Redis } from 'ioredis';
import { loadIdentityConfig, mailRequestRetentionSeconds } from './identity.config.js';
import { IdentityModule } from './identity.module.js';
import { InitialIdentitySchema1763800000000 } from './migrations/1763800000000-initial-identity-schema.js';
import { Usernames1763900000000 } from './migrations/1763900000000-usernames.js';
import { PasswordResetTokens1764000000000 } from './migrations/1764000000000-password-reset-tokens.js';
import { AccountsByUserAndProvider1764300000000 } from './migrations/1764300000000-accounts-by-user-and-provider.js';
import { WrappedDataKeys1764600000000 } from './migrations/1764600000000-wrapped-data-keys.js';
import { AdminUserFields1765100000000 } from './migrations/1765100000000-admin-user-fields.js';
import { JwtKeys1764700000000 } from './migrations/1764700000000-jwt-keys.js';
import { PersonalEventsIndex1765300000000 } from './migrations/1765300000000-personal-events-index.js';
import { SocialAccounts1765500000000 } from './migrations/1765500000000-social-accounts.js';
import { AccountEmail1765600000000 } from './migrations/1765600000000-account-email.js';
import { AuditIndexes1765610000000 } from './migrations/1765610000000-audit-indexes.js';
import { AppliedCommands1765620000000 } from './migrations/1765620000000-applied-commands.js';
import { Passkeys1765700000000 } from './migrations/1765700000000-passkeys.js';
import { JwtKeyEntity } from './keys/jwt-key.entity.js';
import { jwtKeyViewProjection } from './keys/projections/jwt-key-view.projection.js';
import { PasswordResetTokenEntity } from './user/password-reset-token.entity.js';
import { TwoFactor1765710000000 } from './migrations/1765710000000-two-factor.js';
import { passwordResetTokenProjection } from './user/projections/password-reset-token.projection.js';
import { AccountEntity } from './user/account.entity.js';
import { accountViewProjection } from './user/projections/account-view.projection.js';
import { passkeyViewProjection } from './passkey/passkey-view.projection.js';
import { PasskeyEntity } from './passkey/passkey.entity.js';
import { userViewProjection } from './user/projections/user-view.projection.js';
import { UserEntity } from './user/user.entity.js';

await runService('identity', async () => {
  const config = loadIdentityConfig(process.env);
  // Logos and profile images on plain http only where the deployment itself is (see isImageUrl).
  acceptPlainHttpImageUrls(isDevelopment(config));
  const runtime = (await ServiceRuntime.start({
    service: 'identity',
    config,
    entities: [UserEntity, AccountEntity, PasswordResetTokenEntity, JwtKeyEntity, PasskeyEntity],
    migrations: [
      InitialIdentitySchema1763800000000,
      Usernames1763900000000,
      PasswordResetTokens1764000000000,
      AccountsByUserAndProvider1764300000000,
      WrappedDataKeys1764600000000,
      JwtKeys1764700000000,
      AdminUserFields1765100000000,
      PersonalEventsIndex1765300000000,
      SocialAccounts1765500000000,
      AccountEmail1765600000000,
      AuditIndexes1765610000000,
      AppliedCommands1765620000000,
      Passkeys1765700000000,
      TwoFactor1765710000000,
    ],
    projections: [
      userViewProjection,
      accountViewProjection,
      passwordResetTokenProjection,
      jwtKeyViewProjection,
      passkeyViewProjection,
    ],
    nats: IdentityNatsAccess,
    events: [...IdentityEventTypes, ...JwtKeyEventTypes],
    streamMaxAgeMs: { [IDENTITY_MAIL_STREAM]: mailRequestRetentionSeconds(config) * 1000 },
    redisUrl: config.REDIS_URL,
  })) as ServiceRuntime & { redis: Redis };
  const service = await startNatsMicroservice(IdentityModule.forRuntime(runtime, config), runtime, IDENTITY_QUEUE);
  runtime.logger.log('identity service ready');
  return {
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await service.drain(config.SHUTDOWN_TIMEOUT_MS);
      await runtime.close();
    },
  };
});
