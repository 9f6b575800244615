import { cn } from '@client/lib/utils';
import { INVITED_ROLES, type InvitedRole, type PracticeRole } from '@shared/constants';
import type { ComponentProps } from 'react';

export const ROLE_NAMES: Record<PracticeRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  clinician: 'Clinician',
};

/** A native select of the roles an invitation or a role change can give. */
export function RoleSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
        'focus-visible:border-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40',
        className,
      )}
      {...props}
    >
      {INVITED_ROLES.map((role: InvitedRole) => (
        <option key={role} value={role}>
          {ROLE_NAMES[role]}
        </option>
      ))}
    </select>
  );
}
