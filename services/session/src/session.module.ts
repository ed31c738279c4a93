import { userSnapshotsProviders } from '@authsvc/identity-users';
import { EventStore, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AuditModule } from './audit/audit.module.js';
import { SESSION_CONFIG, type SessionConfig } from './session.config.js';
import { ClearEndedMembershipHandler } from './session/commands/clear-ended-membership.handler.js';
import { CreateSessionHandler } from './session/commands/create-session.handler.js';
import { EndImpersonationsHandler } from './session/commands/end-impersonations.handler.js';
import { ExpireSessionHandler } from './session/commands/expire-session.handler.js';
import { FollowUserChangeHandler } from './session/commands/follow-user-change.handler.js';
import { RefreshSessionHandler } from './session/commands/refresh-session.handler.js';
import { RevokeSessionHandler } from './session/commands/revoke-session.handler.js';
import { RevokeUserSessionsHandler } from './session/commands/revoke-user-sessions.handler.js';
import { ActiveOrganizationRecorder } from './session/active-organization-recorder.js';
import { SessionEndings } from './session/session-endings.js';
import { SessionStream } from './session/session-stream.js';
import { SetActiveOrganizationHandler } from './session/commands/set-active-organization.handler.js';
import { ListUserSessionsHandler } from './session/queries/list-user-sessions.handler.js';
import { GetSessionHandler } from './session/queries/get-session.handler.js';
import { SessionCache } from './session/session-cache.js';
import { SessionReader } from './session/session-reader.js';
import { IdentityEventsNatsController } from './session/identity-events.nats-controller.js';
import { OrganizationEventsNatsController } from './session/organization-events.nats-controller.js';
import { SessionNatsController } from './session/session.nats-controller.js';
import { UserSessionEntries } from './session/user-session-entries.js';
import { UserChanges } from './user-snapshot/user-changes.js';
import { UserSnapshotEntity } from './user-snapshot/user-snapshot.entity.js';
import { UserVersions } from './user-snapshot/user-versions.js';
import { UserViews } from './user-snapshot/user-views.js';

@Module({})
export class SessionModule {
  static forRuntime(runtime: ServiceRuntime & { redis: Redis }, config: SessionConfig): DynamicModule {
    return {
      module: SessionModule,
      imports: [CqrsModule.forRoot(), AuditModule.forRuntime(runtime)],
      controllers: [SessionNatsController, IdentityEventsNatsController, OrganizationEventsNatsController],
      providers: [
        { provide: SESSION_CONFIG, useValue: config },
        { provide: EventStore, useValue: runtime.store },
        { provide: DataSource, useValue: runtime.dataSource },
        {
          provide: SessionCache,
          useValue: new SessionCache(runtime.redis, {
            lifetimeSeconds: config.SESSION_EXPIRES_IN,
            updateAgeSeconds: config.SESSION_UPDATE_AGE,
            absoluteLifetimeSeconds: config.SESSION_ABSOLUTE_LIFETIME,
          }),
        },
        { provide: UserVersions, useValue: new UserVersions(runtime.redis) },
        ...userSnapshotsProviders(runtime, config.rpcBudget, UserSnapshotEntity),
        UserViews,
        // The user views report each change of a user; the cached entries of the user's sessions go.
        { provide: UserChanges, useClass: UserSessionEntries },
        SessionStream,
        SessionEndings,
        ActiveOrganizationRecorder,
        SessionReader,
        CreateSessionHandler,
        RefreshSessionHandler,
        ExpireSessionHandler,
        RevokeSessionHandler,
        GetSessionHandler,
        RevokeUserSessionsHandler,
        ListUserSessionsHandler,
        SetActiveOrganizationHandler,
        ClearEndedMembershipHandler,
        FollowUserChangeHandler,
        EndImpersonationsHandler,
      ],
    };
  }
}
