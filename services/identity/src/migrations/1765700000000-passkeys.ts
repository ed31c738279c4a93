import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Passkeys: found by credential id at sign-in (unique), listed by user; they go with their user. */
export class Passkeys1765700000000 implements MigrationInterface {
  name = 'Passkeys1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.passkeys (
        id varchar(64) PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        name text,
        credential_id text NOT NULL CONSTRAINT passkeys_credential_id_unique UNIQUE,
        public_key text NOT NULL,
        counter bigint NOT NULL,
        device_type text NOT NULL,
        backed_up boolean NOT NULL,
        transports text NOT NULL DEFAULT '',
        aaguid text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX passkeys_user_id ON identity.passkeys (user_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.passkeys`);
  }
}
