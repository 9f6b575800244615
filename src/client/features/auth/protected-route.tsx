import { paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

/**
 * Layout route for pages that need a user session. A visitor who arrives signed out is sent to sign in by
 * the page's loader (src/client/app/guards.ts); this follows the session after the page has shown.
 */
export function ProtectedRoute() {
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  // A session that ends here (a logout) leads home, as the logout itself does; a visitor who arrives
  // signed out signs in and is brought back.
  const hadSession = useRef(false);
  if (user) hadSession.current = true;
  // The page's loader waits for the session before the page first shows; until React runs, the page's
  // prerendered loading shell stands in.
  if (isLoading) return <Outlet />;
  if (!user) {
    const to = hadSession.current ? paths.home.getHref() : paths.auth.getHref(pathname + search);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
