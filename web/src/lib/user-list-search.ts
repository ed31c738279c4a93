/** How the users list is searched, filtered, sorted and paged: kept in the URL, so a reload or a link keeps it. */

export const USERS_PER_PAGE = 20;

export const SEARCH_FIELDS = { email: 'Email', name: 'Name' } as const;

/**
 * list-users takes one filter (filterField/filterValue), as the reference does, so the role and the ban are one
 * choice: combining two would need a second filter the API has not got.
 */
export const SHOW = {
  all: { label: 'All users' },
  admins: { label: 'Admins', filter: { filterField: 'role', filterValue: 'admin', filterOperator: 'contains' } },
  users: { label: 'Role user only', filter: { filterField: 'role', filterValue: 'user', filterOperator: 'eq' } },
  banned: { label: 'Banned', filter: { filterField: 'banned', filterValue: 'true', filterOperator: 'eq' } },
  active: { label: 'Not banned', filter: { filterField: 'banned', filterValue: 'false', filterOperator: 'eq' } },
} as const;

export const SORTS = {
  newest: { label: 'Newest first', sortBy: 'createdAt', sortDirection: 'desc' },
  oldest: { label: 'Oldest first', sortBy: 'createdAt', sortDirection: 'asc' },
  name: { label: 'Name (A–Z)', sortBy: 'name', sortDirection: 'asc' },
  email: { label: 'Email (A–Z)', sortBy: 'email', sortDirection: 'asc' },
} as const;

const keyOf = <T extends object>(table: T, value: string | null, fallback: keyof T): keyof T =>
  value !== null && Object.hasOwn(table, value) ? (value as keyof T) : fallback;

/** The list's state as the URL says it, every value checked (a hand-edited URL falls back to the defaults). */
export function userListState(search: URLSearchParams) {
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  return {
    q: (search.get('q') ?? '').trim(),
    field: keyOf(SEARCH_FIELDS, search.get('field'), 'email'),
    show: keyOf(SHOW, search.get('show'), 'all'),
    sort: keyOf(SORTS, search.get('sort'), 'newest'),
    page,
  };
}

export type UserListState = ReturnType<typeof userListState>;

/** The admin plugin's list-users query for that state. */
export function listUsersQuery({ q, field, show, sort, page }: UserListState) {
  const { sortBy, sortDirection } = SORTS[sort];
  const chosen = SHOW[show];
  return {
    ...(q ? { searchValue: q, searchField: field, searchOperator: 'contains' as const } : {}),
    ...('filter' in chosen ? chosen.filter : {}),
    sortBy,
    sortDirection,
    limit: USERS_PER_PAGE,
    offset: (page - 1) * USERS_PER_PAGE,
  };
}

/** The URL search of the same state at another page. */
export function searchAtPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  next.set('page', String(page));
  return `?${next}`;
}
