import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { cn } from '@client/lib/utils';
import type { PublicUser } from '@shared/schemas/auth';
import { lazy, Suspense } from 'react';
import type { NavItem } from './nav-items';
import { SiteLink } from './site-link';

export const MOBILE_MENU_ID = 'mobile-menu';

const MobileAccountMenu = lazy(() => import('./mobile-account-menu'));

// No display here: each use says block or flex, so the two never compete.
export const mobileItemClass = cn(
  'rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
  'aria-[current=page]:text-indigo-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4',
);

type MobileMenuProps = {
  links: readonly NavItem[];
  user: PublicUser | null;
  onNavigate: () => void;
};

/** The header's links below the md breakpoint: the content of the header's menu disclosure. */
export function MobileMenu({ links, user, onNavigate }: MobileMenuProps) {
  return (
    <div
      id={MOBILE_MENU_ID}
      className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white shadow-md md:hidden"
    >
      <div className="mx-auto max-w-7xl px-4 py-3">
        <ul className="grid gap-1">
          {links.map(({ to, label }) => (
            <li key={label}>
              <SiteLink to={to} className={cn(mobileItemClass, 'block')} onClick={onNavigate}>
                {label}
              </SiteLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3">
          {user ? (
            <Suspense fallback={null}>
              <MobileAccountMenu user={user} onNavigate={onNavigate} />
            </Suspense>
          ) : (
            <div className="grid gap-2">
              <Button asChild variant="outline">
                <SiteLink to={paths.auth.getHref()} onClick={onNavigate}>
                  Log In
                </SiteLink>
              </Button>
              <Button asChild>
                <SiteLink to={paths.pricing.getHref()} onClick={onNavigate}>
                  Get Started
                </SiteLink>
              </Button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
