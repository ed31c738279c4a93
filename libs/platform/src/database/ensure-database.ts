import pg from 'pg';

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/** Creates the database named in `databaseUrl` when it is missing (two processes may race: both succeed). */
export async function ensureDatabase(databaseUrl: URL): Promise<void> {
  const name = decodeURIComponent(databaseUrl.pathname.replace(/^\//, ''));
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== DUPLICATE_DATABASE && error.code !== UNIQUE_VIOLATION) throw error;
      });
    }
  } finally {
    await client.end();
  }
}
