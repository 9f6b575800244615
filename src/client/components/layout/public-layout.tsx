import { RouterNavigation } from '@client/lib/router-navigation';
import { useScrollOnNavigate } from '@client/lib/use-scroll-on-navigate';
import { Outlet } from 'react-router';
import { PublicShell } from './public-shell';

/** The app's public and user pages: the shared shell around the current route. */
export function PublicLayout() {
  useScrollOnNavigate();
  return (
    <RouterNavigation>
      <PublicShell>
        <Outlet />
      </PublicShell>
    </RouterNavigation>
  );
}
