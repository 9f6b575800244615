import { cn } from '@client/lib/utils';
import { INVITED_ROLES, type InvitedRole, type PracticeRole, ROLE_DESCRIPTIONS } from '@shared/constants';
import type { ComponentProps } from 'react';

export const ROLE_NAMES: Record<PracticeRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  clinician: 'Clinician',
};

/** The roles in words, for a role select's `aria-describedby`. */
export function RoleGuide({ id, className }: { id: string; className?: string }) {
  return (
    <div id={id} className={cn('text-sm text-slate-600', className)}>
      <p className="font-medium text-slate-900">What each role can do</p>
      <dl className="mt-1 grid gap-1">
        {INVITED_ROLES.map((role) => (
          <div key={role} className="sm:flex sm:gap-1">
            <dt className="font-medium text-slate-800">{ROLE_NAMES[role]}:</dt>
            <dd>{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
        <div className="sm:flex sm:gap-1">
          <dt className="font-medium text-slate-800">{ROLE_NAMES.owner}:</dt>
          <dd>Pays for the practice, changes roles and can hand the practice over. There is one.</dd>
        </div>
      </dl>
    </div>
  );
}

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
