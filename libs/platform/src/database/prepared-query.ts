import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { QueryFailedError, type EntityManager } from 'typeorm';

const statementNames = new Map<string, string>();

/** The same text always gets the same name, so every connection parses and plans it once. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a statement of the hot paths as a named prepared statement on the manager's connection (its
 * transaction's, when it has one). TypeORM sends every query unnamed, so Postgres parsed and planned each one
 * every time: for the short statements of a sign-in or a sign-up that was as much work as executing them.
 * The text must be a constant per call site (values only as parameters), as the statement stays prepared on
 * each pooled connection. Errors are TypeORM's `QueryFailedError`, as from `manager.query`.
 */
export async function preparedQuery<Row>(
  manager: EntityManager,
  text: string,
  values: readonly unknown[],
): Promise<Row[]> {
  const config = { name: statementName(text), text, values: [...values] };
  try {
    const runner = manager.queryRunner;
    const client: Pool | PoolClient = runner
      ? ((await runner.connect()) as PoolClient)
      : (manager.connection.driver as unknown as { master: Pool }).master;
    return (await client.query(config)).rows as Row[];
  } catch (error) {
    throw new QueryFailedError(text, config.values, error as Error);
  }
}
