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
  return {
    table: quotedTable(metadata),
    columns: columns.map((column) => `"${column.databaseName}"`).join(', '),
    values: columns.map((column) =>
      manager.connection.driver.preparePersistentValue(column.getEntityValue(row), column),
    ),
  };
}

/** Columns to set on the rows a key names, as an UPDATE needs them (quoted names, stored values). */
export interface RowUpdate {
  readonly table: string;
  readonly set: readonly (readonly [column: string, value: unknown])[];
  readonly where: readonly (readonly [column: string, value: unknown])[];
}

/** An UPDATE of `values` (entity properties) on the rows whose properties equal `key`, from the entity's metadata. */
export function rowUpdate(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  key: ObjectLiteral,
  values: ObjectLiteral,
): RowUpdate {
  const metadata = manager.connection.getMetadata(entity);
  const assignments = (properties: ObjectLiteral) =>
    metadata.columns
      .filter((column) => column.getEntityValue(properties) !== undefined)
      .map(
        (column) =>
          [
            `"${column.databaseName}"`,
            manager.connection.driver.preparePersistentValue(column.getEntityValue(properties), column),
          ] as const,
      );
  return { table: quotedTable(metadata), set: assignments(values), where: assignments(key) };
}

/** The entity's columns as a SELECT list (`alias."column" AS "property"`), so that the rows read are entity-shaped. */
export function selectedColumns(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, alias: string): string {
  return manager.connection
    .getMetadata(entity)
    .columns.map((column) => `${alias}."${column.databaseName}" AS "${column.propertyName}"`)
    .join(', ');
}

/** The entity's table, schema-qualified and quoted. */
export function quotedTable(metadata: { schema?: string; tableName: string }): string {
  return metadata.schema ? `"${metadata.schema}"."${metadata.tableName}"` : `"${metadata.tableName}"`;
}
