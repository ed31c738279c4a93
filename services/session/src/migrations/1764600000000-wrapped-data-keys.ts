import { addDataKeyWrapping, dropDataKeyWrapping } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Data keys wrapped under DATA_ENCRYPTION_KEY; the service wraps the keys stored in clear at its next start. */
export class WrappedDataKeys1764600000000 implements MigrationInterface {
  name = 'WrappedDataKeys1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await addDataKeyWrapping(runner, 'session');
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropDataKeyWrapping(runner, 'session');
  }
}
