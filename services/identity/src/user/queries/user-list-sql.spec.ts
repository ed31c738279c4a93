import { userListSql } from './user-list-sql.js';

describe('list-users SQL', () => {
  it('without parameters, a first page of the most users a page holds, oldest first', () => {
    expect(userListSql({}, 'identity.users')).toEqual({
      text: 'SELECT *, count(*) OVER () AS total FROM identity.users ORDER BY created_at ASC, id ASC LIMIT $1 OFFSET $2',
      values: [1000, 0],
      limit: 1000,
      offset: 0,
    });
  });

  it('searches email by default with contains, and matches the value literally', () => {
    const { text, values } = userListSql({ searchValue: '50%_off' }, 'u');
    expect(text).toContain('WHERE email LIKE $1');
    expect(values[0]).toBe('%50\\%\\_off%');
    const byName = userListSql({ searchValue: 'Ad', searchField: 'name', searchOperator: 'starts_with' }, 'u');
    expect(byName.text).toContain('WHERE name LIKE $1');
    expect(byName.values[0]).toBe('Ad%');
  });

  it('filters one field with a comparison, booleans compared as booleans', () => {
    const banned = userListSql({ filterField: 'banned', filterValue: 'true' }, 'u');
    expect(banned.text).toContain('WHERE banned = $1');
    expect(banned.values[0]).toBe(true);
    const role = userListSql(
      { filterField: 'role', filterValue: 'admin', filterOperator: 'ne', searchValue: 'a' },
      'u',
    );
    expect(role.text).toContain('WHERE email LIKE $1 AND role <> $2');
  });

  it('sorts by the column of the field asked, and caps the page', () => {
    const page = userListSql({ sortBy: 'displayUsername', sortDirection: 'desc', limit: '5000', offset: '10' }, 'u');
    expect(page.text).toContain('ORDER BY lower(display_username) DESC, display_username DESC, id DESC');
    expect(page.values).toEqual([1000, 10]);
  });
});
