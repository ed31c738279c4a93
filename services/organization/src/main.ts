import 'reflect-metadata';
import { ORGANIZATION_QUEUE, OrganizationNatsAccess } from '@authsvc/contracts';
import { runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import { InitialOrganizationSchema1763800000000 } from './migrations/1763800000000-initial-organization-schema.js';
import { WrappedDataKeys1764600000000 } from './migrations/1764600000000-wrapped-data-keys.js';
import { loadOrganizationConfig } from './organization.config.js';
import { OrganizationModule } from './organization.module.js';

await runService('organization', async () => {
  const config = loadOrganizationConfig(process.env);
  const runtime = await ServiceRuntime.start({
    service: 'organization',
    config,
    entities: [],
    migrations: [InitialOrganizationSchema1763800000000, WrappedDataKeys1764600000000],
    projections: [],
    nats: OrganizationNatsAccess,
  });
  const app = await startNatsMicroservice(OrganizationModule, runtime, ORGANIZATION_QUEUE);
  runtime.logger.log('organization service ready');
  return async () => {
    await app.close();
    await runtime.close();
  };
});
