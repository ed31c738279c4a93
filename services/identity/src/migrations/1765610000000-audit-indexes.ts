import { createAuditIndexes, dropAuditIndexes } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log's filters and order, each served by an index (the subject: the audit catalogue's expression). */
export class AuditIndexes1765610000000 implements MigrationInterface {
  name = 'AuditIndexes1765610000000';

  async up(runner: QueryRunner): Promise<void> {
    await createAuditIndexes(runner, 'identity', "coalesce(data->>'userId', data->>'kid')");
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropAuditIndexes(runner, 'identity');
  }
}
