import { CircleCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a finished step says (a link sent, a password reset), read out as it appears. */
export function SuccessNotice({
  icon: Icon = CircleCheck,
  children,
}: {
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
