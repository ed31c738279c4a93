import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError, Notice } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { ADMIN } from './admin-queries';
import { listUsersQuery, searchAtPage, userListState, USERS_PER_PAGE } from '../../lib/user-list-search';
import { UsersSearchForm } from './users-search-form';
import { UsersTable } from './users-table';

/** `/admin`: every user, searched, filtered, sorted and paged by the URL's search. */
export function UsersPage() {
  const [search] = useSearchParams();
  // Set by the details page after a removal, which leaves that page for this one.
  const removed = (useLocation().state as { removed?: string } | null)?.removed;
  const state = userListState(search);
  const query = listUsersQuery(state);
  const users = useQuery({
    queryKey: [...ADMIN, 'users', query],
    queryFn: () => unwrap(authClient.admin.listUsers({ query })),
    // The previous page stays on screen while the next loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
  const first = total === 0 ? 0 : query.offset + 1;
  const last = Math.min(query.offset + USERS_PER_PAGE, total);
  return (
    <Page title="Users">
      <p>
        <Link to="/admin/users/new" className="button-link">
          Create a user
        </Link>{' '}
        <Link to="/admin/audit">Audit log</Link>
      </p>
      {removed && <Notice>{removed} has been removed.</Notice>}
      <UsersSearchForm key={search.toString()} state={state} />
      <FormError message={users.error?.message} />
      {users.isPending ? (
        <Loading what="the users" />
      ) : (
        <>
          <p role="status">{listStatus(users.isPlaceholderData, first, last, total)}</p>
          <UsersTable users={users.data?.users ?? []} />
          {pages > 1 && (
            <nav aria-label="Pages" className="actions start">
              {state.page > 1 && <Link to={searchAtPage(search, state.page - 1)}>Previous page</Link>}
              <span>
                Page {state.page} of {pages}
              </span>
              {state.page < pages && <Link to={searchAtPage(search, state.page + 1)}>Next page</Link>}
            </nav>
          )}
        </>
      )}
    </Page>
  );
}

/** What the list shows: while another page loads the previous one stays on screen, and the status says so. */
function listStatus(loading: boolean, first: number, last: number, total: number): string {
  if (loading) return 'Loading the users…';
  return total === 0 ? 'No user matches.' : `Users ${first}–${last} of ${total}`;
}
