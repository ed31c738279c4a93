import type { FilterOperator, MemberField } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { membersWithUsers } from '../../kernel/reads/member-reads.js';

/** What list-members asks for, its strings read. */
export interface MemberPageRequest {
  /** The organization by id, or by slug when the request named one. */
  readonly organization: { readonly id: string } | { readonly slug: string };
  /** The caller, who must be a member to see the page. */
  readonly userId: string;
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
 * One statement for a page of an organization's members with their users, the number matching in all, and
 * whether the organization exists and the caller is one of its members; an unknown organization gives no row, an
 * empty page one row without a member. The page's ids are cut from the members index alone (index-only, however
 * far the offset), then joined to their rows and profiles; without a filter the total is the organization's kept
 * member count. Field names come from a fixed list; values are parameters. A value that cannot be compared with
 * its field is a bad query.
 */
export function memberPageStatement(request: MemberPageRequest): Statement {
  const byId = 'id' in request.organization;
  const values: unknown[] = [byId ? request.organization.id : request.organization.slug, request.userId];
  let where = 'm.organization_id = t.id';
  if (request.filter) {
    const { field, operator } = request.filter;
    values.push(filterValue(request.filter));
    const type = field === 'createdAt' ? 'timestamptz' : 'text';
    const parameter = `$${values.length}::${type}${LISTS.includes(operator) ? '[]' : ''}`;
    where += ` AND ${CONDITIONS[operator](`m.${COLUMNS[field]}`, parameter)}`;
  }
  const total = request.filter ? `(SELECT count(*)::int FROM organization.members m WHERE ${where})` : 't.member_count';
  const direction = request.sortDirection === 'desc' ? 'DESC' : 'ASC';
  const order = (table: string) =>
    `${table}.${COLUMNS[request.sortBy ?? 'createdAt']} ${direction}, ${table}.id ${direction}`;
  values.push(request.limit, request.offset);
  const [limit, offset] = [values.length - 1, values.length];
  const text = `
    WITH t AS (SELECT id, member_count FROM organization.organizations WHERE ${byId ? 'id' : 'slug'} = $1),
    caller AS (SELECT 1 FROM organization.members c JOIN t ON c.organization_id = t.id WHERE c.user_id = $2)
    SELECT EXISTS (SELECT 1 FROM caller) AS caller_is_member, ${total} AS total, page.*
    FROM t LEFT JOIN LATERAL (
      ${membersWithUsers(`(
        SELECT m.id FROM organization.members m WHERE ${where} ORDER BY ${order('m')} LIMIT $${limit} OFFSET $${offset}
      ) ids JOIN organization.members m ON m.id = ids.id`)}
      WHERE EXISTS (SELECT 1 FROM caller)
    ) page ON true
    ORDER BY ${order('page')}`;
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
