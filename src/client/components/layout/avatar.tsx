import { initials } from '@client/lib/initials';
import { cn } from '@client/lib/utils';

/** Two-letter initials in a circle; decorative, the surrounding control carries the name. */
export function Avatar({ username, className }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {initials(username)}
    </span>
  );
}
