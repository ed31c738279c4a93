import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { preparedQuery } from './prepared-query.js';
import { quotedTable, selectedColumns } from './row-insertion.js';

/** Equality conditions on entity properties (every given property must equal its value). */
export type RowKey<Row> = Partial<Row>;

const texts = new Map<string, string>();

/**
 * The text of a statement about the entity's rows (alias `r`) whose properties equal the key's, built once per
 * builder, entity and key properties: a prepared statement is named by its text, and the hot paths that read by key
 * need not build it again. The key's values are the parameters from `$firstParameter` on, in the key's order;
 * `variant` names whatever else the builder's text depends on.
 */
export function keyedStatementText(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  properties: readonly string[],
  build: (table: string, conditions: string) => string,
  { firstParameter = 1, variant = '' } = {},
): string {
  const metadata = manager.connection.getMetadata(entity);
  const table = `${metadata.schema ?? ''}.${metadata.tableName}`;
  const cacheKey = `${build.name}:${variant}:${table}:${properties.join(',')}`;
  let text = texts.get(cacheKey);
  if (!text) {
    const conditions = properties.map((property, index) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`${metadata.name} has no property ${property}`);
      return `r."${column.databaseName}" = $${index + firstParameter}`;
    });
    text = build(`${quotedTable(metadata)} r`, conditions.join(' AND '));
    texts.set(cacheKey, text);
  }
  return text;
}

/**
 * The row whose properties equal `key`, by a named prepared statement (see `preparedQuery`): for the lookups of
 * the hot paths, where TypeORM's query building and Postgres's parse and plan of an unnamed query cost more than
 * the lookup. Values are compared as stored (strings, numbers, booleans, dates).
 */
export async function findRow<Row extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Row>,
  key: RowKey<Row>,
): Promise<Row | null> {
  const properties = Object.keys(key);
  const text = keyedStatementText(manager, entity, properties, function findOne(table, conditions) {
    return `SELECT ${selectedColumns(manager, entity, 'r')} FROM ${table} WHERE ${conditions} LIMIT 1`;
  });
  const [row] = await preparedQuery<Row>(
    manager,
    text,
    properties.map((property) => key[property]),
  );
  return row ? (Object.assign(manager.connection.getMetadata(entity).create(), row) as Row) : null;
}

/** How many rows have properties equal to `key`, by a named prepared statement. */
export async function countRows<Row extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Row>,
  key: RowKey<Row>,
): Promise<number> {
  const properties = Object.keys(key);
  const text = keyedStatementText(manager, entity, properties, function count(table, conditions) {
    return `SELECT count(*)::int AS count FROM ${table} WHERE ${conditions}`;
  });
  const [row] = await preparedQuery<{ count: number }>(
    manager,
    text,
    properties.map((property) => key[property]),
  );
  return row.count;
}
