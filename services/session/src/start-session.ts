import 'reflect-metadata';
import { SESSION_QUEUE, SessionEventTypes, SessionNatsAccess } from '@authsvc/contracts';
import { runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import type { Redis } from 'ioredis';
import { InitialSessionSchema1763800000000 } from './migrations/1763800000000-initial-session-schema.js';
import { UserSnapshots1764100000000 } from './migrations/1764100000000-user-snapshots.js';
import { WrappedDataKeys1764600000000 } from './migrations/1764600000000-wrapped-data-keys.js';
import { ActiveTeam1765000000000 } from './migrations/1765000000000-active-team.js';
import { AdminFields1765100000000 } from './migrations/1765100000000-admin-fields.js';
import { ActiveSince1765200000000 } from './migrations/1765200000000-active-since.js';
import { PersonalEventsIndex1765300000000 } from './migrations/1765300000000-personal-events-index.js';
import { ImpersonationsByAdmin1765400000000 } from './migrations/1765400000000-impersonations-by-admin.js';
import { AuditIndexes1765610000000 } from './migrations/1765610000000-audit-indexes.js';
import { AppliedCommands1765620000000 } from './migrations/1765620000000-applied-commands.js';
import { loadSessionConfig } from './session.config.js';
import { SessionModule } from './session.module.js';
import { sessionViewProjection } from './session/projections/session-view.projection.js';
import { SessionEntity } from './session/session.entity.js';
import { UserSnapshotEntity } from './user-snapshot/user-snapshot.entity.js';

import { TwoFactorSnapshot1765700000000 } from './migrations/1765700000000-two-factor-snapshot.js';
await runService('session', async () => {
  const config = loadSessionConfig(process.env);
  const runtime = (await ServiceRuntime.start({
    service: 'session',
    config,
    entities: [SessionEntity, UserSnapshotEntity],
    migrations: [
      InitialSessionSchema1763800000000,
      UserSnapshots1764100000000,
      WrappedDataKeys1764600000000,
      ActiveTeam1765000000000,
      AdminFields1765100000000,
      ActiveSince1765200000000,
      PersonalEventsIndex1765300000000,
      ImpersonationsByAdmin1765400000000,
      AuditIndexes1765610000000,
      AppliedCommands1765620000000,
      TwoFactorSnapshot1765700000000,
    ],
    projections: [sessionViewProjection],
    nats: SessionNatsAccess,
    events: SessionEventTypes,
    redisUrl: config.REDIS_URL,
  })) as ServiceRuntime & { redis: Redis };
  const service = await startNatsMicroservice(SessionModule.forRuntime(runtime, config), runtime, SESSION_QUEUE);
  runtime.logger.log('session service ready');
  return {
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await service.drain(config.SHUTDOWN_TIMEOUT_MS);
      await runtime.close();
    },
  };
});
