import type { ReactNode } from 'react';

/**
 * A table that scrolls inside its card on a narrow screen rather than widening the page: its caption
 * (for screen readers), its header row's cells (`head`) and its body (`children`, the tbody). A table
 * with nothing to focus in it is `focusable`: the keyboard can then reach its scrolling box, named as the
 * table is, to scroll it.
 */
export function ScrollingTable({
  caption,
  head,
  children,
  focusable = false,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  focusable?: boolean;
}) {
  return (
    <div
      className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>{head}</tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
