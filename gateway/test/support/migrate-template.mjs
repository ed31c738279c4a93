// Applies every service's migrations to the database named by argv[2], as each service applies its own at start
// (the built migrations, the platform's data source and advisory-locked runner): the template that TestStack
// copies for each stack (template-database.ts). Run as a plain Node process on the built code, like the services.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServiceDataSource, migrateExclusively } from '@authsvc/platform';

const SERVICES = ['identity', 'session', 'organization', 'mailer'];

/** A service's migration files: those its sources hold (a stale file left in dist is no migration). */
function migrationFiles(root, service) {
  return readdirSync(join(root, 'services', service, 'src', 'migrations'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => join(root, 'services', service, 'dist', 'migrations', file.replace(/\.ts$/, '.js')));
}

async function migrate(root, databaseUrl, service) {
  const migrations = [];
  for (const file of migrationFiles(root, service)) {
    const exported = await import(pathToFileURL(file).href);
    migrations.push(...Object.values(exported).filter((value) => typeof value === 'function'));
  }
  const dataSource = createServiceDataSource({ databaseUrl, schema: service, entities: [], migrations });
  await dataSource.initialize();
  try {
    await migrateExclusively(dataSource, service);
  } finally {
    await dataSource.destroy();
  }
}

const databaseUrl = new URL(process.argv[2]);
await Promise.all(SERVICES.map((service) => migrate(process.cwd(), databaseUrl, service)));
