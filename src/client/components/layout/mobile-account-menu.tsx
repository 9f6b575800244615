import { Button } from '@client/components/ui/button';
import { useLogout } from '@client/features/auth';
import { useNoteAppHref } from '@client/lib/config';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import type { PublicUser } from '@shared/schemas/auth';
import { ExternalLink } from 'lucide-react';
import { Avatar } from './avatar';
import { mobileItemClass } from './mobile-menu';
import { ACCOUNT_LINKS } from './nav-items';
import { SiteLink } from './site-link';

// Loaded only for signed-in visitors, like the desktop user menu: a first visit needs none of it.
export default function MobileAccountMenu({
  user,
  onNavigate,
}: {
  user: PublicUser;
  onNavigate: () => void;
}) {
  const noteAppHref = useNoteAppHref(user);
  const logout = useLogout();
  return (
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
            <SiteLink to={to} className={cn(mobileItemClass, 'block')} onClick={onNavigate}>
              {label}
            </SiteLink>
          </li>
        ))}
        {noteAppHref ? (
          <li>
            <a
              href={noteAppHref}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(mobileItemClass, 'flex items-center gap-2')}
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
  );
}
