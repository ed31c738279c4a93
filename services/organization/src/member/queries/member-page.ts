import type { FilterOperator, MemberField } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { membersWithUsers } from '../member-reads.js';

/** What list-members asks for, its strings read. */
export interface MemberPageRequest {
  readonly organizationId: string;
  readonly limit: number;
  readonly offset: number;
  readonly sortBy?: MemberField;
  readonly sortDirection?: 'asc' | 'desc';
  readonly filter?: {
    readonly field: MemberField;
    readonly operator: FilterOperator;
    readonly value: string | readonly string[];
  };
}

/** A statement and its values. */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

const COLUMNS: Readonly<Record<MemberField, string>> = {
  id: 'id',
  organizationId: 'organization_id',
  userId: 'user_id',
  role: 'role',
  createdAt: 'created_at',
};

/** Each operator as SQL on the column and its value's parameter; text matches need no LIKE escaping. */
const CONDITIONS: Readonly<Record<FilterOperator, (column: string, value: string) => string>> = {
  eq: (column, value) => `${column} = ${value}`,
  ne: (column, value) => `${column} <> ${value}`,
  lt: (column, value) => `${column} < ${value}`,
  lte: (column, value) => `${column} <= ${value}`,
  gt: (column, value) => `${column} > ${value}`,
  gte: (column, value) => `${column} >= ${value}`,
  in: (column, value) => `${column} = ANY(${value})`,
  not_in: (column, value) => `${column} <> ALL(${value})`,
  contains: (column, value) => `strpos(${column}, ${value}) > 0`,
  starts_with: (column, value) => `starts_with(${column}, ${value})`,
  ends_with: (column, value) => `right(${column}, length(${value})) = ${value}`,
};

const LISTS: readonly FilterOperator[] = ['in', 'not_in'];
const TEXT_MATCHES: readonly FilterOperator[] = ['contains', 'starts_with', 'ends_with'];

/**
 * One statement for a page of an organization's members with their users and the number matching in all: the
 * count (index-only on the organization's members) and the page (in index order by default, joined to the
 * profiles of its rows only) side by side, so that an empty page still carries the total. Field names come
 * from a fixed list; values are parameters. A value that cannot be compared with its field is a bad query.
 */
export function memberPageStatement(request: MemberPageRequest): Statement {
  const values: unknown[] = [request.organizationId];
  let where = 'm.organization_id = $1';
  if (request.filter) {
    const { field, operator } = request.filter;
    const value = filterValue(request.filter);
    values.push(value);
    const type = field === 'createdAt' ? 'timestamptz' : 'text';
    where += ` AND ${CONDITIONS[operator](`m.${COLUMNS[field]}`, `$2::${type}${LISTS.includes(operator) ? '[]' : ''}`)}`;
  }
  const direction = request.sortDirection === 'desc' ? 'DESC' : 'ASC';
  const order = `m.${COLUMNS[request.sortBy ?? 'createdAt']} ${direction}, m.id ${direction}`;
  values.push(request.limit, request.offset);
  const [limit, offset] = [values.length - 1, values.length];
  // The page is cut from the members alone, then joined: a join before the cut would read every profile the
  // offset skips.
  const text = `
    SELECT total.count AS total, page.*
    FROM (SELECT count(*)::int AS count FROM organization.members m WHERE ${where}) total
    LEFT JOIN LATERAL (
      ${membersWithUsers(`(
        SELECT * FROM organization.members m WHERE ${where} ORDER BY ${order} LIMIT $${limit} OFFSET $${offset}
      ) m`)}
      ORDER BY ${order}
    ) page ON true`;
  return { text, values };
}

function filterValue({ field, operator, value }: NonNullable<MemberPageRequest['filter']>): string | string[] {
  const list = typeof value === 'string' ? [value] : [...value];
  if (LISTS.includes(operator)) {
    if (field === 'createdAt' && !list.every(isTimestamp)) throw new DomainError(RequestErrors.INVALID_QUERY);
    return list;
  }
  if (list.length !== 1) throw new DomainError(RequestErrors.INVALID_QUERY);
  const [single] = list as [string];
  if (field === 'createdAt' && (TEXT_MATCHES.includes(operator) || !isTimestamp(single))) {
    throw new DomainError(RequestErrors.INVALID_QUERY);
  }
  return single;
}

const ISO_TIMESTAMP =
  /^([1-9]\d{3})-(0[1-9]|1[0-2])-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-5]):[0-5]\d)?)?$/;

/** An ISO 8601 date or time that exists (Postgres refuses the 30th of February, which JavaScript rolls over). */
function isTimestamp(value: string): boolean {
  const parts = ISO_TIMESTAMP.exec(value);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1, 4).map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}
