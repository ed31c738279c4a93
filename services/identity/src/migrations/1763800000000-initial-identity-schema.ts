import { createEventStoreTables, dropEventStoreTables } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialIdentitySchema1763800000000 implements MigrationInterface {
  name = 'InitialIdentitySchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await createEventStoreTables(runner, 'identity');
    await runner.query(`
      CREATE TABLE identity.users (
        id varchar(64) PRIMARY KEY,
        email text NOT NULL CONSTRAINT users_email_unique UNIQUE,
        name text NOT NULL,
        image text,
        email_verified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE identity.accounts (
        id varchar(64) PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        provider_id text NOT NULL,
        account_id text NOT NULL,
        password text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT accounts_provider_account_unique UNIQUE (provider_id, account_id)
      )`);
    await runner.query('CREATE INDEX accounts_user_id_idx ON identity.accounts (user_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE identity.accounts');
    await runner.query('DROP TABLE identity.users');
    await dropEventStoreTables(runner, 'identity');
  }
}
