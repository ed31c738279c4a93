import { Navigate, Outlet, useLocation } from 'react-router';
import { authClient } from '../api/auth-client';
import { localPath } from '../lib/local-path';
import { Loading } from './page';

/** Screens for signed-in users: others go to sign-in, and come back here after it. */
export function RequireSession() {
  const { data, isPending } = authClient.useSession();
  const location = useLocation();
  if (isPending) return <Loading what="your session" />;
  if (!data) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/sign-in?next=${next}`} replace />;
  }
  return <Outlet />;
}

/**
 * Where to go after signing in: the page that asked for it (`next`, or the `callbackURL` the server sends a
 * redirected social sign-in to the second-factor screen with), when it is one of ours.
 */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next') ?? localPath(search.get('callbackURL'), window.location.origin);
  // Only a path of this site: "//host", "/\host" (browsers read it as "//host") or "https://…" would make
  // sign-in an open redirect.
  return next && /^\/(?![/\\])/.test(next) ? next : '/account';
}
