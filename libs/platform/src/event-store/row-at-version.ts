import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import { keyedStatementText } from '../database/prepared-rows.js';
import { selectedColumns } from '../database/row-insertion.js';

/** A row of an inline read model and the version of the stream it projects, as one statement read them. */
export interface RowAtVersion<Row> {
  /** The position of the stream's last event; 0 for a stream without events. */
  readonly version: number;
  /** The row the key names; null when there is none (never made, or deleted by an event). */
  readonly row: Row | null;
}

/**
 * The SQL expression of a stream's version (0 without events), `streamId` being the SQL of the stream's id: a
 * parameter (`$1`), or a prefix parameter joined to a column of the row read (`$2 || r.id`) when the statement
 * finds the stream from that row. A state read in the same statement is the stream's state at that version.
 */
export function streamVersionExpression(schema: string, streamId: string): string {
  return `(SELECT coalesce(max(stream_position), 0)::int FROM "${schema}".events WHERE stream_id = ${streamId})`;
}

/**
 * Reads a row of an inline projection together with its stream's version. Both come from one snapshot, and the
 * projection is written in the append's own statement or transaction, so the row is exactly the stream's state at
 * that version: a command decided on it and appended at that version cannot overlook a concurrent append.
 */
export async function readRowAtVersion<Row extends ObjectLiteral>(
  manager: EntityManager,
  schema: string,
  streamId: string,
  entity: EntityTarget<Row>,
  key: Partial<Row>,
): Promise<RowAtVersion<Row>> {
  const properties = Object.keys(key);
  // The stream id is $1, the key's values follow. The two markers' names cannot be an entity property's.
  const text = keyedStatementText(
    manager,
    entity,
    properties,
    function rowAtVersion(table, conditions) {
      return `SELECT v.version AS "#version", (${conditions}) IS TRUE AS "#found", ${selectedColumns(manager, entity, 'r')}
                FROM (SELECT ${streamVersionExpression(schema, '$1')} AS version) v LEFT JOIN ${table} ON ${conditions}`;
    },
    { firstParameter: 2, variant: schema },
  );
  const [read] = await preparedQuery<{ '#version': number; '#found': boolean } & ObjectLiteral>(manager, text, [
    streamId,
    ...properties.map((property) => key[property]),
  ]);
  const { '#version': version, '#found': found, ...values } = read;
  return {
    version,
    row: found ? (Object.assign(manager.connection.getMetadata(entity).create(), values) as Row) : null,
  };
}

/**
 * A row read beside computed values whose column names start with '#' (no entity property does): the entity's
 * properties alone.
 */
export function withoutMarkers(row: ObjectLiteral): ObjectLiteral {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('#')));
}
