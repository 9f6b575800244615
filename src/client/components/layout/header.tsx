import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useScrolled } from '@client/lib/use-scrolled';
import { cn } from '@client/lib/utils';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Avatar } from './avatar';
import { Brand } from './brand';
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu';
import { MAIN_LINKS, signedInLinks } from './nav-items';
import { SiteLink } from './site-link';

const UserMenu = lazy(() => import('./user-menu'));

// docs/architecture.md#constants: the header turns opaque once the page has scrolled more than 10 px.
const OPAQUE_AFTER_PX = 10;

const linkClass = cn(
  'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-indigo-700 lg:px-3',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
  'aria-[current=page]:text-indigo-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8',
);

export function Header() {
  // While the session loads the signed-out links show: most visitors here are signed out, the
  // prerendered page can include them, and nothing shifts when the answer comes.
  const { user } = useCurrentUser();
  const scrolled = useScrolled(OPAQUE_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLElement>(null);
  const links = user ? signedInLinks(user) : MAIN_LINKS;

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header
      // The prerendered page's script sets data-scrolled before this hydrates: the look follows it.
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 bg-transparent transition-[background-color,box-shadow] duration-200',
        'data-[scrolled=true]:bg-white data-[scrolled=true]:shadow-md',
        'has-[details[open]]:bg-white has-[details[open]]:shadow-md',
      )}
    >
      <nav aria-label="Main">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <Brand />
          <ul className="hidden items-center md:flex">
            {links.map(({ to, label }) => (
              <li key={label}>
                <SiteLink to={to} className={linkClass}>
                  {label}
                </SiteLink>
              </li>
            ))}
          </ul>
          <div className="hidden min-w-9 items-center justify-end gap-2 md:flex">
            {user ? (
              <Suspense fallback={<Avatar username={user.username} />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <SiteLink to={paths.auth.getHref()}>Log In</SiteLink>
                </Button>
                <Button asChild size="sm">
                  <SiteLink to={paths.pricing.getHref()}>Get Started</SiteLink>
                </Button>
              </>
            )}
          </div>
          {/* A native disclosure: it opens on the first tap, before any script has run. */}
          <details
            className="group md:hidden"
            open={menuOpen}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          >
            <summary
              ref={toggleRef}
              aria-label="Menu"
              aria-controls={MOBILE_MENU_ID}
              className={cn(
                'flex size-9 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
              )}
            >
              <Menu aria-hidden="true" className="size-6 group-open:hidden" />
              <X aria-hidden="true" className="hidden size-6 group-open:block" />
            </summary>
            <MobileMenu links={links} user={user} onNavigate={() => setMenuOpen(false)} />
          </details>
        </div>
      </nav>
    </header>
  );
}
