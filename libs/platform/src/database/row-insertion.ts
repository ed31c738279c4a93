import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** A row as an INSERT needs it: the quoted table, the quoted columns, and the values in their order. */
export interface RowInsertion {
  readonly table: string;
  readonly columns: string;
  readonly values: readonly unknown[];
}

/**
 * A row as an INSERT needs it, from the entity's metadata: the quoted table and columns (those the row sets),
 * and the values as TypeORM would store them.
 */
export function rowInsertion(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  row: ObjectLiteral,
): RowInsertion {
  const metadata = manager.connection.getMetadata(entity);
  const columns = metadata.columns.filter((column) => column.getEntityValue(row) !== undefined);
  const table = metadata.schema ? `"${metadata.schema}"."${metadata.tableName}"` : `"${metadata.tableName}"`;
  return {
    table,
    columns: columns.map((column) => `"${column.databaseName}"`).join(', '),
    values: columns.map((column) =>
      manager.connection.driver.preparePersistentValue(column.getEntityValue(row), column),
    ),
  };
}
