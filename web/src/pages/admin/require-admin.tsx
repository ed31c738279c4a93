import { Link, Outlet } from 'react-router';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { useIsAdmin } from './admin-queries';

/** The administration screens, for those the server says may manage users; others are told, not thrown out. */
export function RequireAdmin() {
  const isAdmin = useIsAdmin();
  if (isAdmin.isPending) return <Loading what="your permissions" />;
  if (isAdmin.data) return <Outlet />;
  return (
    <Page title="Administration" narrow>
      <FormError message={isAdmin.error?.message} />
      <p role="alert">You lack permission to manage users: only administrators can open these screens.</p>
      <p>
        Back to <Link to="/account">your account</Link>.
      </p>
    </Page>
  );
}
