import { Button } from '@client/components/ui/button';
import { useLogoutMutation } from '@client/features/auth/use-auth';
import { usePublicConfig } from '@client/lib/public-config';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import type { PublicUser } from '@shared/schemas/auth';
import { ExternalLink } from 'lucide-react';
import { Avatar } from './avatar';
import { ACCOUNT_LINKS, type NavItem } from './nav-items';
import { SiteLink } from './site-link';

export const MOBILE_MENU_ID = 'mobile-menu';

const itemClass = cn(
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
  'aria-[current=page]:text-indigo-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4',
);

type MobileMenuProps = {
  open: boolean;
  links: readonly NavItem[];
  user: PublicUser | null;
  onNavigate: () => void;
};

/** The header's links below the md breakpoint, toggled by the header's menu button. */
export function MobileMenu({ open, links, user, onNavigate }: MobileMenuProps) {
  const { noteAppUrl } = usePublicConfig(Boolean(user));
  const logout = useLogoutMutation();
  return (
    <div
      id={MOBILE_MENU_ID}
      hidden={!open}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white shadow-md md:hidden"
    >
      <div className="mx-auto max-w-7xl px-4 py-3">
        <ul className="grid gap-1">
          {links.map(({ to, label }) => (
            <li key={label}>
              <SiteLink to={to} className={itemClass} onClick={onNavigate}>
                {label}
              </SiteLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3">
          {user ? (
            <>
              <div className="flex items-center gap-3 px-3 py-2">
                <Avatar username={user.username} />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{user.username}</p>
                  <p className="truncate text-sm text-slate-600">{user.email}</p>
                </div>
              </div>
              <ul className="grid gap-1">
                {ACCOUNT_LINKS.map(({ to, label }) => (
                  <li key={label}>
                    <SiteLink to={to} className={itemClass} onClick={onNavigate}>
                      {label}
                    </SiteLink>
                  </li>
                ))}
                {noteAppUrl ? (
                  <li>
                    <a
                      href={noteAppUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={cn(itemClass, 'flex items-center gap-2')}
                    >
                      Open {PRODUCT_NAME}
                      <ExternalLink aria-hidden="true" className="size-4" />
                    </a>
                  </li>
                ) : null}
              </ul>
              <Button
                variant="outline"
                className="mt-3 w-full"
                disabled={logout.isPending}
                onClick={() => {
                  onNavigate();
                  logout.mutate();
                }}
              >
                Log out
              </Button>
            </>
          ) : (
            <div className="grid gap-2">
              <Button asChild variant="outline">
                <SiteLink to="/auth" onClick={onNavigate}>
                  Log In
                </SiteLink>
              </Button>
              <Button asChild>
                <SiteLink to="/pricing" onClick={onNavigate}>
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
