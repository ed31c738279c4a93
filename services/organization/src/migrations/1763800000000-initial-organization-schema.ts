import { createEventStoreTables, dropEventStoreTables } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The organization schema starts with its event store; its read models arrive with the organization features. */
export class InitialOrganizationSchema1763800000000 implements MigrationInterface {
  name = 'InitialOrganizationSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await createEventStoreTables(runner, 'organization');
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropEventStoreTables(runner, 'organization');
  }
}
