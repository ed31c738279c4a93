import { Link } from 'react-router';
import { banDescription, dateTime, type AdminUserRow } from './user-display';

/** One page of users (nothing when none matches: the count says so); each name opens the user's details. */
export function UsersTable({ users }: { users: readonly AdminUserRow[] }) {
  if (!users.length) return null;
  return (
    <div className="table-scroll">
      <table aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <Link to={`/admin/users/${user.id}`}>{user.name}</Link>
              </th>
              <td>{user.email}</td>
              <td>{user.role ?? 'user'}</td>
              <td>{banDescription(user)}</td>
              <td>{dateTime(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
