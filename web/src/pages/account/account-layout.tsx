import { NavLink, Outlet } from 'react-router';
import { authClient } from '../../api/auth-client';
import { ResendVerification } from './resend-verification';

const SECTIONS = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/email', label: 'Email' },
  { to: '/account/password', label: 'Password' },
  { to: '/account/sessions', label: 'Sessions' },
  { to: '/account/sign-in-methods', label: 'Sign-in methods' },
  { to: '/account/security', label: 'Security' },
  { to: '/account/delete', label: 'Delete account' },
];

/** The account screens: a side navigation between them, and a reminder while the address is unverified. */
export function AccountLayout() {
  const { data: session } = authClient.useSession();
  return (
    <div className="with-sidebar">
      <nav aria-label="Account" className="sidebar">
        <ul>
          {SECTIONS.map(({ to, label, end }) => (
            <li key={to}>
              <NavLink to={to} end={end}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="content">
        {session && !session.user.emailVerified && (
          <section className="banner" aria-label="Email not verified">
            <p>
              Please confirm your address: we sent a verification link to <strong>{session.user.email}</strong>.
            </p>
            <ResendVerification email={session.user.email} />
          </section>
        )}
        <Outlet />
      </div>
    </div>
  );
}
