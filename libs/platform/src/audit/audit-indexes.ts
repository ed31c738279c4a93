import type { QueryRunner } from 'typeorm';

/**
 * The indexes of the audit log's statement (audit-log.ts): by time alone, and by actor, subject, type and, where
 * events belong to organizations, organization, each followed by the log's order, so a filtered page is one index
 * range read in order. Each is one more entry per append: the cost of an audit log that answers without a scan.
 * `subjectSql` is the catalogue's subject expression (`auditSubjectSql`) as the migration froze it: the statement
 * must use the same text for the index to serve it, which the services' audit tests check with EXPLAIN. An index
 * already there is kept: on a large store an operator builds them beforehand with CREATE INDEX CONCURRENTLY, as a
 * plain build holds the appends of the service until it ends.
 */
export async function createAuditIndexes(
  runner: QueryRunner,
  schema: string,
  subjectSql: string,
  options: { byOrganization?: boolean } = {},
): Promise<void> {
  const order = 'occurred_at DESC, event_id DESC';
  const indexes: Record<string, string> = {
    events_audit_time_idx: order,
    events_audit_actor_idx: `(metadata->>'actorId'), ${order}`,
    events_audit_subject_idx: `(${subjectSql}), ${order}`,
    events_audit_type_idx: `type, ${order}`,
    ...(options.byOrganization && { events_audit_organization_idx: `(data->>'organizationId'), ${order}` }),
  };
  for (const [name, columns] of Object.entries(indexes)) {
    await runner.query(`CREATE INDEX IF NOT EXISTS ${name} ON "${schema}".events (${columns})`);
  }
}

export async function dropAuditIndexes(runner: QueryRunner, schema: string): Promise<void> {
  for (const name of ['time', 'actor', 'subject', 'type', 'organization']) {
    await runner.query(`DROP INDEX IF EXISTS "${schema}".events_audit_${name}_idx`);
  }
}
