import 'reflect-metadata';
import { isDevelopment } from '@authsvc/config';
import {
  acceptPlainHttpImageUrls,
  ORGANIZATION_QUEUE,
  OrganizationEventTypes,
  OrganizationNatsAccess,
} from '@authsvc/contracts';
import { runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import type { Redis } from 'ioredis';
import { loadOrganizationConfig } from './organization.config.js';
import { OrganizationModule } from './organization.module.js';
import { ORGANIZATION_ENTITIES, ORGANIZATION_MIGRATIONS, ORGANIZATION_PROJECTIONS } from './organization-storage.js';

await runService('organization', async () => {
  const config = loadOrganizationConfig(process.env);
  // Logos and profile images on plain http only where the deployment itself is (see isImageUrl).
  acceptPlainHttpImageUrls(isDevelopment(config));
  const runtime = (await ServiceRuntime.start({
    service: 'organization',
    config,
    entities: ORGANIZATION_ENTITIES,
    migrations: ORGANIZATION_MIGRATIONS,
    projections: ORGANIZATION_PROJECTIONS,
    nats: OrganizationNatsAccess,
    events: OrganizationEventTypes,
    redisUrl: config.REDIS_URL,
  })) as ServiceRuntime & { redis: Redis };
  const service = await startNatsMicroservice(
    OrganizationModule.forRuntime(runtime, config),
    runtime,
    ORGANIZATION_QUEUE,
  );
  runtime.logger.log('organization service ready');
  return {
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await service.drain(config.SHUTDOWN_TIMEOUT_MS);
      await runtime.close();
    },
  };
});
