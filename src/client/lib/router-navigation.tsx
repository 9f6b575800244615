import { isServerPage } from '@client/config/paths';
import { forwardRef, type ReactNode, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { documentNavigation, type LinkProps, type Navigation, NavigationProvider } from './navigation';

const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(props, ref) {
  return <Link ref={ref} {...props} />;
});

/** The app's navigation: React Router's location and links (see lib/navigation.tsx). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      kind: 'router',
      pathname,
      search,
      hash,
      navigate: async (to, options) => {
        // A page the server answers (the OpenID Provider's flow) is not a route: load it.
        if (isServerPage(to)) return documentNavigation({ pathname }).navigate(to, options);
        await navigate(to, { replace: options?.replace });
      },
      Link: RouterLink,
    }),
    [pathname, search, hash, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
