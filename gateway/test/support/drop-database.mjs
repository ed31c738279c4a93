// Drops the test database named by argv[2]. TestStack.stop runs it as a detached process: PostgreSQL ending the
// connections of the apps just killed took a suite seconds on a busy machine, and nothing waits for the drop. A drop
// cut short (the machine went down) is done by a later run, which drops test databases left for an hour.
import pg from 'pg';

const name = process.argv[2];
if (!/^authsvc_test_[a-z0-9]+$/.test(name)) throw new Error(`not a test database: ${name}`);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
try {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
} finally {
  await admin.end();
}
