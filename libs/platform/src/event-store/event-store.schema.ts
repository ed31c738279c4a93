import type { QueryRunner } from 'typeorm';

/**
 * The tables every service schema gets: the append-only event log, the relay's checkpoint, the
 * per-subject data keys of crypto-shredding, and the processed-message set of idempotent consumers.
 * `transaction_id` lets the relay publish only below the oldest open transaction (sequence values are
 * taken before commit, so positions can become visible out of order).
 */
export async function createEventStoreTables(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`
    CREATE TABLE "${schema}".events (
      global_position bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      stream_id text NOT NULL,
      stream_position integer NOT NULL,
      type text NOT NULL,
      schema_version integer NOT NULL,
      data jsonb NOT NULL,
      personal bytea,
      personal_subject text,
      metadata jsonb NOT NULL,
      occurred_at timestamptz NOT NULL,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      CONSTRAINT events_stream_position_unique UNIQUE (stream_id, stream_position)
    )`);
  await runner.query(`CREATE INDEX events_personal_subject_idx ON "${schema}".events (personal_subject)`);
  await runner.query(`
    CREATE TABLE "${schema}".relay_checkpoint (
      name text PRIMARY KEY,
      position bigint NOT NULL
    )`);
  await runner.query(`
    CREATE TABLE "${schema}".data_keys (
      subject text PRIMARY KEY,
      key bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await runner.query(`
    CREATE TABLE "${schema}".processed_messages (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
}

/**
 * Data keys stored wrapped: `kek_id` names the key-encryption key; null marks a key stored in clear before
 * wrapping existed, which the service wraps at its next start.
 */
export async function addDataKeyWrapping(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`ALTER TABLE "${schema}".data_keys ADD COLUMN kek_id text`);
}

export async function dropDataKeyWrapping(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`ALTER TABLE "${schema}".data_keys DROP COLUMN kek_id`);
}

/**
 * Only events that carry personal data are indexed by their subject: most carry none, and a full index made every
 * append insert a NULL entry for them.
 */
export async function indexOnlyPersonalEvents(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`DROP INDEX "${schema}".events_personal_subject_idx`);
  await runner.query(
    `CREATE INDEX events_personal_subject_idx ON "${schema}".events (personal_subject)
     WHERE personal_subject IS NOT NULL`,
  );
}

export async function indexAllEventsBySubject(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`DROP INDEX "${schema}".events_personal_subject_idx`);
  await runner.query(`CREATE INDEX events_personal_subject_idx ON "${schema}".events (personal_subject)`);
}

/**
 * Which request/reply command made which append (see `AppliedCommands`): a retried command finds its events here.
 * A row is needed for the retry window only (seconds); `applied_at` lets old rows be deleted.
 */
export async function createAppliedCommands(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`
    CREATE TABLE "${schema}".applied_commands (
      command_id text NOT NULL,
      stream_id text NOT NULL,
      occurrence integer NOT NULL,
      started_stream integer,
      first_position integer NOT NULL,
      last_position integer NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (command_id, stream_id, occurrence),
      UNIQUE (command_id, started_stream)
    )`);
  await runner.query(`CREATE INDEX applied_commands_applied_at_idx ON "${schema}".applied_commands (applied_at)`);
}

export async function dropAppliedCommands(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`DROP TABLE "${schema}".applied_commands`);
}

export async function dropEventStoreTables(runner: QueryRunner, schema: string): Promise<void> {
  for (const table of ['applied_commands', 'processed_messages', 'data_keys', 'relay_checkpoint', 'events']) {
    await runner.query(`DROP TABLE IF EXISTS "${schema}".${table}`);
  }
}
