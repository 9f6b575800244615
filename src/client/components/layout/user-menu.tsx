import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useLogout } from '@client/features/auth';
import { useNoteAppHref } from '@client/lib/config';
import { PRODUCT_NAME } from '@shared/brand';
import type { PublicUser } from '@shared/schemas/auth';
import { CreditCard, ExternalLink, Gift, LogOut, Settings, User } from 'lucide-react';
import { Avatar } from './avatar';
import { ACCOUNT_LINKS } from './nav-items';
import { SiteLink } from './site-link';

const icons: Record<string, typeof User> = {
  Account: User,
  Subscription: CreditCard,
  Settings: Settings,
  'Refer a Friend': Gift,
};

/**
 * The header's right side for a signed-in visitor: 'Open ChairNotes' as the primary action for a person
 * the note app admits (docs/architecture.md#note-app-sign-in: they arrive there signed in), then their menu. Loaded only
 * for signed-in visitors: a first visit needs none of it.
 */
export default function UserMenu({ user }: { user: PublicUser }) {
  const noteAppHref = useNoteAppHref(user);
  const logout = useLogout();
  return (
    <>
      {noteAppHref ? (
        <Button asChild size="sm">
          <a href={noteAppHref}>Open {PRODUCT_NAME}</a>
        </Button>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label="My Account"
            className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            <Avatar username={user.username} />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="w-64"
          // Closing puts focus back on the avatar, unless the page an entry opened has already placed it:
          // that is where the person is now.
          onCloseAutoFocus={(event) => {
            const focused = document.activeElement;
            if (focused && focused !== document.body) event.preventDefault();
          }}
        >
          <DropdownMenuLabel>
            <span className="block truncate font-semibold text-slate-900">{user.username}</span>
            <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {ACCOUNT_LINKS.map(({ to, label }) => {
            const Icon = icons[label] ?? User;
            return (
              <DropdownMenuItem key={label} asChild>
                <SiteLink to={to} markCurrent={false}>
                  <Icon aria-hidden="true" />
                  {label}
                </SiteLink>
              </DropdownMenuItem>
            );
          })}
          {noteAppHref ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <a href={noteAppHref} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open {PRODUCT_NAME}
                </a>
              </DropdownMenuItem>
            </>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut aria-hidden="true" />
            Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
