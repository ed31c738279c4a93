import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = process.cwd();
const SERVER_URL = 'postgres://postgres@127.0.0.1:5432';
const MIGRATOR = join(ROOT, 'gateway/test/support/migrate-template.mjs');
const TEMPLATE = /^authsvc_template_[0-9a-f]{16}_([a-z0-9]+)$/;
/** Templates of other migrations (another checkout's, an older build's) are dropped after this long. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const INVALID_CATALOG_NAME = '3D000';
const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let digest: string | undefined;
let templateName: string | undefined;

function builtFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => join(directory, file));
}

/**
 * What the migrated schema depends on: the built migrations, the library code they call (the platform's, the user
 * snapshot's table), and the migrator. A change to any of them names a new template, so a stack never starts on a
 * schema its build would not make.
 */
function migrationsDigest(): string {
  digest ??= digestOf([
    ...['identity', 'session', 'organization', 'mailer'].flatMap((service) =>
      builtFiles(join(ROOT, 'services', service, 'dist', 'migrations')),
    ),
    ...['platform', 'identity-users'].flatMap((lib) => builtFiles(join(ROOT, 'libs', lib, 'dist'))),
    MIGRATOR,
  ]);
  return digest;
}

function digestOf(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function runMigrator(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MIGRATOR, databaseUrl], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`migrating the template failed:\n${errors}`)),
    );
  });
}

/**
 * The name of a database holding every service's schema as its migrations leave it, built once per set of
 * migrations (under an advisory lock, as Jest runs and checkouts share the server) and closed to connections, so
 * that `CREATE DATABASE … TEMPLATE` may copy it at any time. A copy costs what an empty database does; migrating
 * each stack's database again took the services a second of every start.
 */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const prefix = `authsvc_template_${migrationsDigest()}_`;
  const lock = `authsvc-template:${prefix}`;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datistemplate',
      [`${prefix}%`],
    );
    if (rows.length > 0) return rows[0].datname;
    const name = `${prefix}${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await runMigrator(`${SERVER_URL}/${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      throw error;
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]);
  }
}

/**
 * Creates database `name` as a copy of the migrated template: the services find no migration left to run. A service
 * that reached PostgreSQL first created it empty (ensureDatabase) and migrates it as in production: that is kept.
 */
export async function createMigratedDatabase(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    templateName ??= await migratedTemplate(admin);
    const copy = () => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
    await copy().catch(async (error: { code?: string }) => {
      if (error.code === DUPLICATE_DATABASE || error.code === UNIQUE_VIOLATION) return;
      // Another checkout's run dropped it as stale (built from other migrations a day ago): build it again.
      if (error.code !== INVALID_CATALOG_NAME) throw error;
      templateName = await migratedTemplate(admin);
      await copy();
    });
  });
}

/** Drops the templates of other migrations than this build's, made over a day ago. */
export async function dropStaleTemplates(admin: pg.Client): Promise<void> {
  const current = `authsvc_template_${migrationsDigest()}_`;
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'authsvc_template_%'",
  );
  for (const { datname } of rows) {
    const createdAt = parseInt(TEMPLATE.exec(datname)?.[1] ?? '', 36);
    if (datname.startsWith(current) || !(Date.now() - createdAt > STALE_AFTER_MS)) continue;
    await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS ${datname}`);
  }
}
