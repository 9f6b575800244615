import { paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

/** Layout route for pages that need a user session: a visitor is sent to sign in and brought back. */
export function ProtectedRoute() {
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  // A session that ends here (a logout) leads home, as the logout itself does; a visitor who arrives
  // signed out signs in and is brought back.
  const hadSession = useRef(false);
  if (user) hadSession.current = true;
  // The router's loader waits for the session before the page first shows (router.tsx): nothing to
  // show for the moment it could still be on its way.
  if (isLoading) return null;
  if (!user) {
    const to = hadSession.current ? paths.home.getHref() : paths.auth.getHref(pathname + search);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
