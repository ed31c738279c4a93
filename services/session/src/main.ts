import 'reflect-metadata';
import {
  IDENTITY_CREDENTIAL_EVENTS_SUBJECTS,
  IDENTITY_EVENTS_STREAM,
  IDENTITY_USER_EVENTS_SUBJECTS,
  SESSION_CREDENTIAL_CONSUMER,
  SESSION_EVENTS_STREAM,
  SESSION_IDENTITY_CONSUMER,
  SESSION_QUEUE,
  SessionEventTypes,
} from '@authsvc/contracts';
import { DurableConsumer, runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import { CommandBus } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { InitialSessionSchema1763800000000 } from './migrations/1763800000000-initial-session-schema.js';
import { UserSnapshots1764100000000 } from './migrations/1764100000000-user-snapshots.js';
import { loadSessionConfig } from './session.config.js';
import { SessionModule } from './session.module.js';
import { reactToIdentityEvent } from './session/identity-reactions.js';
import { sessionViewProjection } from './session/projections/session-view.projection.js';
import { SessionEntity } from './session/session.entity.js';
import { UserSnapshotEntity } from './user-snapshot/user-snapshot.entity.js';
import { UserViews } from './user-snapshot/user-views.js';

await runService('session', async () => {
  const config = loadSessionConfig(process.env);
  const runtime = (await ServiceRuntime.start({
    service: 'session',
    config,
    entities: [SessionEntity, UserSnapshotEntity],
    migrations: [InitialSessionSchema1763800000000, UserSnapshots1764100000000],
    projections: [sessionViewProjection],
    publishes: { stream: SESSION_EVENTS_STREAM, events: SessionEventTypes },
    redisUrl: config.REDIS_URL,
  })) as ServiceRuntime & { redis: Redis };
  const app = await startNatsMicroservice(
    SessionModule.forRuntime(runtime, config),
    config.NATS_URL,
    SESSION_QUEUE,
    runtime.logger,
  );
  const commands = app.get(CommandBus);
  const users = app.get(UserViews);
  // Only the identity events the session service reacts to are delivered to it (one filter per consumer).
  const identityEvents = [
    { durableName: SESSION_IDENTITY_CONSUMER, filterSubject: IDENTITY_USER_EVENTS_SUBJECTS },
    { durableName: SESSION_CREDENTIAL_CONSUMER, filterSubject: IDENTITY_CREDENTIAL_EVENTS_SUBJECTS },
  ].map(
    (subscription) =>
      new DurableConsumer({
        ...subscription,
        nc: runtime.nc,
        stream: IDENTITY_EVENTS_STREAM,
        logger: runtime.logger,
        handle: (event) => reactToIdentityEvent(event, commands, runtime.store, users),
      }),
  );
  for (const consumer of identityEvents) consumer.start();
  runtime.logger.log('session service ready');
  return async () => {
    await Promise.all(identityEvents.map((consumer) => consumer.stop()));
    await app.close();
    await runtime.close();
  };
});
