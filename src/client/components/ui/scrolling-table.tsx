import type { ReactNode } from 'react';

/**
 * A table that scrolls inside its card on a narrow screen rather than widening the page: its caption
 * (for screen readers), its header row's cells (`head`) and its body (`children`, the tbody).
 */
export function ScrollingTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
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
