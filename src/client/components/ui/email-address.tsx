import { cn } from '@client/lib/utils';
import { Fragment } from 'react';

/**
 * An email address that, when its line is too short, breaks where a reader expects it to: before the
 * @ or a dot ('dr.jane.smith' / '@example.co.uk'), never inside a word. Only a part longer than the
 * whole line is broken within itself, as the last resort against sticking out. Given the class `block`
 * (alone in a table cell), its lines are balanced, so it breaks at the @ rather than leave '.uk' alone.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={cn('text-balance wrap-break-word', className)}>
      {address.split(/(?=[@.])/).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order, never reordered
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
