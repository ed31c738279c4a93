import { createAuditIndexes, dropAuditIndexes } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log's filters and order, each served by an index (the subject: the audit catalogue's expression). */
export class AuditIndexes1765610000000 implements MigrationInterface {
  name = 'AuditIndexes1765610000000';

  async up(runner: QueryRunner): Promise<void> {
    await createAuditIndexes(runner, 'session', "coalesce(data->>'userId')");
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropAuditIndexes(runner, 'session');
  }
}
