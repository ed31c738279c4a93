import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in reads a user's account of one provider. With only the user index, Postgres could combine it with
 * the (provider, account) index, which for 'credential' holds nearly every row: an index scan over all
 * accounts per sign-in whenever its statistics undercount them (5.5 ms at 50,000 accounts). One index on
 * both columns answers it with one lookup, and still serves lookups by user alone.
 */
export class AccountsByUserAndProvider1764300000000 implements MigrationInterface {
  name = 'AccountsByUserAndProvider1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX accounts_user_provider_idx ON identity.accounts (user_id, provider_id)');
    await runner.query('DROP INDEX identity.accounts_user_id_idx');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX accounts_user_id_idx ON identity.accounts (user_id)');
    await runner.query('DROP INDEX identity.accounts_user_provider_idx');
  }
}
