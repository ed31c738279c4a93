import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { dropStaleTemplates, withAdmin } from './template-database.js';

const ROOT = process.cwd();
const ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const TEST_DATABASE = /^authsvc_test_([a-z0-9]+)[a-z0-9]{6}$/;
/** Databases of stacks whose run was killed before `stop` are dropped by a later run after this long. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

function randomSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The URL of a new stack's own database, `authsvc_test_<time><random>` (the time tells when it is abandoned). */
export function newTestDatabaseUrl(): string {
  return `${ADMIN_DATABASE_URL.replace(/\/postgres$/, '')}/authsvc_test_${randomSuffix()}`;
}

/** Drops a stack's database in a detached process (drop-database.mjs): the suite goes on meanwhile. */
export function dropDatabaseLater(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!TEST_DATABASE.test(name)) return;
  spawn(process.execPath, [join(ROOT, 'gateway/test/support/drop-database.mjs'), name], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  }).unref();
}

export async function dropAbandonedDatabases(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'authsvc_test_%'",
    );
    for (const { datname } of rows) {
      const createdAt = parseInt(TEST_DATABASE.exec(datname)?.[1] ?? '', 36);
      if (Date.now() - createdAt > ABANDONED_AFTER_MS)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await dropStaleTemplates(admin);
  });
}
