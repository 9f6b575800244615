import { isServerPage, isSitePage } from '@client/config/paths';
import { forwardRef, type ReactNode, useMemo } from 'react';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { documentNavigation, type LinkProps, type Navigation, NavigationProvider } from './navigation';

/** Whether `to` is a document of its own, not a route: the server's pages and the marketing pages. */
const isDocument = (to: string) => isServerPage(to) || isSitePage(to);

const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(props, ref) {
  return <Link ref={ref} reloadDocument={isDocument(props.to)} {...props} />;
});

/** A route's `handle` that says its child pages show only once their loader is done (app/guards.tsx). */
type PagesAfterLoader = { pagesAfterLoader?: boolean };

/** The app's navigation: React Router's location and links (see lib/navigation.tsx). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  // A page's loader has answered once its match has data; until then its shell stands in.
  const pageShown =
    !matches.some((match) => (match.handle as PagesAfterLoader | undefined)?.pagesAfterLoader) ||
    matches.at(-1)?.loaderData !== undefined;
  const value = useMemo<Navigation>(
    () => ({
      kind: 'router',
      pageShown,
      pathname,
      search,
      hash,
      navigate: async (to, options) => {
        // A page the server answers (the OpenID Provider's flow) or Astro built is not a route: load it.
        if (isDocument(to)) return documentNavigation({ pathname }).navigate(to, options);
        await navigate(to, { replace: options?.replace });
      },
      Link: RouterLink,
    }),
    [pageShown, pathname, search, hash, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
