import { Avatar } from '@client/components/layout/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import type { PublicAdmin } from '@shared/schemas/auth';
import { ChevronDown, LogOut } from 'lucide-react';
import { useAdminLogout } from './api/admin-logout';

export function AdminUserMenu({ admin }: { admin: PublicAdmin }) {
  const logout = useAdminLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="Admin menu"
          className="flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Avatar username={admin.username} size="sm" />
          <span className="hidden sm:inline">{admin.username}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-slate-900">{admin.username}</span>
          <span className="block truncate text-xs font-normal text-slate-600">{admin.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
