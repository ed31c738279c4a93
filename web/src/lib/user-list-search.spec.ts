import { describe, expect, it } from '@jest/globals';
import { listUsersQuery, searchAtPage, userListState } from './user-list-search';

const stateOf = (search: string) => userListState(new URLSearchParams(search));

describe('userListState', () => {
  it('reads every value the URL sets', () => {
    expect(stateOf('q=%20ada%20&field=name&show=banned&sort=email&page=3')).toEqual({
      q: 'ada',
      field: 'name',
      show: 'banned',
      sort: 'email',
      page: 3,
    });
  });

  it('falls back to the defaults for absent or hand-edited values', () => {
    const defaults = { q: '', field: 'email', show: 'all', sort: 'newest', page: 1 };
    expect(stateOf('')).toEqual(defaults);
    expect(stateOf('field=password&show=toString&sort=constructor&page=-2')).toEqual(defaults);
    expect(stateOf('page=abc').page).toBe(1);
  });
});

describe('listUsersQuery', () => {
  it('asks for the first page, newest first, with no search or filter by default', () => {
    expect(listUsersQuery(stateOf(''))).toEqual({ sortBy: 'createdAt', sortDirection: 'desc', limit: 20, offset: 0 });
  });

  it('searches the chosen field for the text anywhere in it, with the one filter "Show" picks', () => {
    expect(listUsersQuery(stateOf('q=ada&field=name&show=admins&sort=name&page=2'))).toEqual({
      searchValue: 'ada',
      searchField: 'name',
      searchOperator: 'contains',
      filterField: 'role',
      filterValue: 'admin',
      filterOperator: 'contains',
      sortBy: 'name',
      sortDirection: 'asc',
      limit: 20,
      offset: 20,
    });
  });

  it('filters the ban with the boolean the API reads from text', () => {
    expect(listUsersQuery(stateOf('show=active'))).toMatchObject({ filterField: 'banned', filterValue: 'false' });
  });
});

describe('searchAtPage', () => {
  it('keeps the search and changes only the page', () => {
    expect(searchAtPage(new URLSearchParams('q=ada&sort=oldest&page=1'), 2)).toBe('?q=ada&sort=oldest&page=2');
  });
});
