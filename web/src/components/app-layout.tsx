import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';
import { useWebConfig } from '../api/web-config';
import { useIsAdmin } from '../pages/admin/admin-queries';
import { ImpersonationBanner } from './impersonation-banner';
import { useForgetOnUserChange } from './use-forget-on-user-change';

function SignOutButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  async function signOut() {
    await authClient.signOut();
    // What was read for this user must not show to whoever signs in next in this tab.
    queryClient.clear();
    navigate('/sign-in');
  }
  return (
    <button type="button" className="link-button" onClick={signOut}>
      Sign out
    </button>
  );
}

/** Header with the main navigation, the screen, and a footer with the development mailbox when it is on. */
export function AppLayout() {
  const { data: session } = authClient.useSession();
  const { data: config } = useWebConfig();
  const { data: isAdmin } = useIsAdmin();
  useForgetOnUserChange();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          authsvc
        </Link>
        <nav aria-label="Main">
          {session ? (
            <>
              <NavLink to="/account">Account</NavLink>
              <NavLink to="/organizations">Organizations</NavLink>
              {isAdmin && <NavLink to="/admin">Administration</NavLink>}
              <span className="who">{session.user.email}</span>
              <SignOutButton />
            </>
          ) : (
            <>
              <NavLink to="/sign-in">Sign in</NavLink>
              <NavLink to="/sign-up">Sign up</NavLink>
            </>
          )}
        </nav>
      </header>
      <ImpersonationBanner />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {config?.devMailbox && (
        <footer className="app-footer">
          Development: read the mails sent by this server in the <a href="/dev/mailbox">development mailbox</a>.
        </footer>
      )}
    </>
  );
}
