import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Provider accounts: keyed by (provider, issuer, subject), so that two issuers of one provider (Microsoft's tenants,
 * a generic provider moved to another issuer) never share a key; the credential account's issuer is ''. The scopes
 * and expiries are kept openly; the tokens stay sealed in the account's events.
 */
export class SocialAccounts1765500000000 implements MigrationInterface {
  name = 'SocialAccounts1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.accounts
        ADD COLUMN issuer text NOT NULL DEFAULT '',
        ADD COLUMN scope text NOT NULL DEFAULT '',
        ADD COLUMN access_token_expires_at timestamptz,
        ADD COLUMN refresh_token_expires_at timestamptz`);
    await runner.query(`ALTER TABLE identity.accounts DROP CONSTRAINT accounts_provider_account_unique`);
    await runner.query(
      `ALTER TABLE identity.accounts ADD CONSTRAINT accounts_provider_issuer_subject_unique
         UNIQUE (provider_id, issuer, account_id)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.accounts DROP CONSTRAINT accounts_provider_issuer_subject_unique`);
    await runner.query(
      `ALTER TABLE identity.accounts ADD CONSTRAINT accounts_provider_account_unique UNIQUE (provider_id, account_id)`,
    );
    await runner.query(`
      ALTER TABLE identity.accounts
        DROP COLUMN issuer, DROP COLUMN scope, DROP COLUMN access_token_expires_at, DROP COLUMN refresh_token_expires_at`);
  }
}
