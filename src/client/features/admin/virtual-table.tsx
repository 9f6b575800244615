import { cn } from '@client/lib/utils';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useId, useRef } from 'react';

export type TableColumn<T> = {
  header: string;
  /** The column's CSS grid track, e.g. 'minmax(12rem, 2fr)'; an equal share unless told. */
  width?: string;
  cell: (row: T) => ReactNode;
  /**
   * Held at the right edge while the table scrolls sideways (a row's action): on a narrow screen the
   * action stays in view beside the row it acts on.
   */
  pinned?: true;
};

const PINNED = 'sticky right-0 border-l border-slate-200 shadow-[-4px_0_6px_-4px_rgb(15_23_42/0.15)]';

type VirtualTableProps<T> = {
  /** The table's accessible name, e.g. 'Users'. */
  label: string;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth?: string;
};

// A first guess at a row's height; each drawn row is then measured, so a wrapped cell is no problem.
const ROW_ESTIMATE = 53;

/**
 * An admin list of any length: only the rows in view (and a few either side) are in the page, so
 * 100,000 users scroll as smoothly as ten (docs/architecture.md#budgets). A real table laid out as a CSS grid
 * (table layout cannot hold absolutely placed rows): each row carries its aria-rowindex and the table
 * its aria-rowcount, so a screen reader still hears "row 5,000 of 100,001". The scroll area around it
 * is a named region that takes the keyboard focus, so arrow keys and Page Down scroll it.
 */
export function VirtualTable<T>({ label, rows, columns, rowKey, minWidth = '48rem' }: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLElement>(null);
  const captionId = useId();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rowKey(rows[index]!),
    overscan: 8,
    // React 19 warns about flushSync during rendering; a frame later is just as smooth here.
    useFlushSync: false,
  });
  const gridTemplateColumns = columns.map((c) => c.width ?? 'minmax(0, 1fr)').join(' ');

  return (
    <section
      ref={scrollRef}
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to be scrolled by keyboard.
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
    >
      <table aria-rowcount={rows.length + 1} className="grid w-full text-sm" style={{ minWidth }}>
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        <thead className="sticky top-0 z-10 grid border-b border-slate-200 bg-slate-50">
          <tr aria-rowindex={1} className="grid" style={{ gridTemplateColumns }}>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn(
                  'px-4 py-3 text-left font-semibold text-slate-700',
                  column.pinned && `${PINNED} bg-slate-50`,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={cn(
                  'absolute top-0 left-0 grid w-full border-b border-slate-100',
                  // A background of its own, which a pinned cell takes so the row does not show through it.
                  item.index % 2 === 1 ? 'bg-slate-50' : 'bg-white',
                )}
                style={{ gridTemplateColumns, transform: `translateY(${item.start}px)` }}
              >
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={cn(
                      'min-w-0 px-4 py-3 break-words text-slate-800',
                      column.pinned && `${PINNED} bg-inherit`,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
