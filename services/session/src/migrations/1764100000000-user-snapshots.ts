import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The session service's copy of identity's public user views, so get-session needs no call to identity. */
export class UserSnapshots1764100000000 implements MigrationInterface {
  name = 'UserSnapshots1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE session.user_snapshots (
        user_id varchar(64) PRIMARY KEY,
        deleted boolean NOT NULL,
        email text,
        name text,
        image text,
        email_verified boolean,
        username text,
        display_username text,
        created_at timestamptz,
        updated_at timestamptz,
        last_position bigint NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE session.user_snapshots');
  }
}
