import {
  auditedTypes,
  auditSubjectSql,
  toAuditEntry,
  type AuditCatalog,
  type AuditEntry,
  type AuditFilter,
} from '@authsvc/contracts';
import type { DataSource } from 'typeorm';

interface AuditRow {
  event_id: string;
  type: string;
  occurred_at: Date;
  actor_id: string | null;
  data: Record<string, unknown>;
}

/** The audit filters a store applies, with the organization its entries must be of, if any. */
export type StoreAuditFilter = AuditFilter & { readonly organizationId?: string };

/**
 * The statement of a page: a condition for each filter given (each a parameter, never text of the request), in the
 * log's order, so that one index of `createAuditIndexes` serves it in order.
 */
export function auditStatement(
  schema: string,
  catalog: AuditCatalog,
  filter: StoreAuditFilter,
  types: readonly string[],
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  const conditions = [types.length === 1 ? `type = ${parameter(types[0])}` : `type = ANY(${parameter(types)})`];
  if (filter.actor !== undefined) conditions.push(`metadata->>'actorId' = ${parameter(filter.actor)}`);
  if (filter.subject !== undefined) conditions.push(`${auditSubjectSql(catalog)} = ${parameter(filter.subject)}`);
  if (filter.organizationId !== undefined) {
    conditions.push(`data->>'organizationId' = ${parameter(filter.organizationId)}`);
  }
  if (filter.from !== undefined) conditions.push(`occurred_at >= ${parameter(filter.from)}`);
  if (filter.to !== undefined) conditions.push(`occurred_at < ${parameter(filter.to)}`);
  if (filter.afterTime !== undefined && filter.afterId !== undefined) {
    conditions.push(`(occurred_at, event_id) < (${parameter(filter.afterTime)}, ${parameter(filter.afterId)}::uuid)`);
  }
  const text = `SELECT event_id, type, occurred_at, metadata->>'actorId' AS actor_id, data
       FROM "${schema}".events
      WHERE ${conditions.join(' AND ')}
      ORDER BY occurred_at DESC, event_id DESC
      LIMIT ${parameter(filter.limit)}`;
  return { text, values };
}

/**
 * A service's audit entries, read from its own event table: the audited types of its catalogue, newest first by
 * (time, event id). Only the allow-listed fields of each event's data leave; its personal part is never read.
 */
export class AuditLog {
  private readonly audited: readonly string[];

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly catalog: AuditCatalog,
  ) {
    this.audited = auditedTypes(catalog);
  }

  async entries(filter: StoreAuditFilter): Promise<AuditEntry[]> {
    const types = filter.types ? filter.types.filter((type) => this.audited.includes(type)) : this.audited;
    if (types.length === 0) return [];
    const { text, values } = auditStatement(this.schema, this.catalog, filter, types);
    const rows = (await this.dataSource.query(text, values)) as AuditRow[];
    return rows.map((row) =>
      toAuditEntry(this.catalog, {
        eventId: row.event_id,
        type: row.type,
        occurredAt: row.occurred_at.toISOString(),
        actorId: row.actor_id,
        data: row.data,
      }),
    );
  }
}
