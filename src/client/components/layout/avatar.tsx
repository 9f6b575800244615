import { initials } from '@client/lib/initials';
import { cn } from '@client/lib/utils';

const sizes = {
  md: 'size-9 text-sm',
  sm: 'size-8 text-xs',
} as const;

/** Two-letter initials in a circle; decorative, the surrounding control carries the name. */
export function Avatar({ username, size = 'md' }: { username: string; size?: keyof typeof sizes }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-indigo-600 font-semibold text-white',
        sizes[size],
      )}
    >
      {initials(username)}
    </span>
  );
}
