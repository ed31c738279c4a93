import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The signing keys of the JWT plugin (read model of the `jwt-keys` stream). */
export class JwtKeys1764700000000 implements MigrationInterface {
  name = 'JwtKeys1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.jwt_keys (
        kid varchar(64) PRIMARY KEY,
        alg text NOT NULL,
        public_key jsonb NOT NULL,
        sealed_private_key text NOT NULL,
        sealed_with text NOT NULL,
        signs_from timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE identity.jwt_keys');
  }
}
