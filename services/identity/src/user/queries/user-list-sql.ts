import { MAX_USERS_PAGE, type ListableUserField, type ListUsersQuery } from '@authsvc/contracts';

/** The users table's column of each listable field; nothing else reaches the SQL text. */
const COLUMNS: Record<ListableUserField, { readonly column: string; readonly type: 'text' | 'boolean' | 'time' }> = {
  id: { column: 'id', type: 'text' },
  email: { column: 'email', type: 'text' },
  name: { column: 'name', type: 'text' },
  username: { column: 'username', type: 'text' },
  displayUsername: { column: 'display_username', type: 'text' },
  emailVerified: { column: 'email_verified', type: 'boolean' },
  role: { column: 'role', type: 'text' },
  banned: { column: 'banned', type: 'boolean' },
  banExpires: { column: 'ban_expires', type: 'time' },
  createdAt: { column: 'created_at', type: 'time' },
  updatedAt: { column: 'updated_at', type: 'time' },
};

const COMPARISONS = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** A LIKE pattern matching `value` literally where the operator says. */
function pattern(operator: 'contains' | 'starts_with' | 'ends_with', value: string): string {
  const literal = value.replace(/[\\%_]/g, (character) => `\\${character}`);
  if (operator === 'starts_with') return `${literal}%`;
  if (operator === 'ends_with') return `%${literal}`;
  return `%${literal}%`;
}

export interface UserListSql {
  readonly text: string;
  readonly values: unknown[];
  readonly limit: number;
  readonly offset: number;
}

/**
 * One statement for a page of list-users and the total that match (a window count): search (email or name),
 * one filter, sort and paging, as the reference's query parameters say. Fields and operators were checked against
 * the contract's lists; values are parameters. Without `limit`, or above it, a page holds MAX_USERS_PAGE users.
 */
export function userListSql(query: ListUsersQuery, table: string): UserListSql {
  const values: unknown[] = [];
  const where: string[] = [];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  if (query.searchValue) {
    const { column } = COLUMNS[query.searchField ?? 'email'];
    where.push(`${column} LIKE ${parameter(pattern(query.searchOperator ?? 'contains', query.searchValue))}`);
  }
  if (query.filterValue !== undefined) {
    const { column, type } = COLUMNS[query.filterField ?? 'email'];
    const operator = query.filterOperator ?? 'eq';
    if (operator === 'contains' || operator === 'starts_with' || operator === 'ends_with') {
      where.push(`${column}::text LIKE ${parameter(pattern(operator, query.filterValue))}`);
    } else {
      const value = type === 'boolean' ? query.filterValue === 'true' : query.filterValue;
      where.push(`${column} ${COMPARISONS[operator]} ${parameter(value)}`);
    }
  }
  const direction = query.sortDirection === 'desc' ? 'DESC' : 'ASC';
  const sorted = COLUMNS[query.sortBy ?? 'createdAt'];
  // Text sorts regardless of case first (as the reference's stores do), whatever the database's collation.
  const sort = sorted.type === 'text' ? `lower(${sorted.column}) ${direction}, ${sorted.column}` : sorted.column;
  const limit = Math.min(Number(query.limit) || MAX_USERS_PAGE, MAX_USERS_PAGE);
  const offset = Number(query.offset) || 0;
  const text =
    `SELECT *, count(*) OVER () AS total FROM ${table}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    ` ORDER BY ${sort} ${direction}, id ${direction} LIMIT ${parameter(limit)} OFFSET ${parameter(offset)}`;
  return { text, values, limit, offset };
}
