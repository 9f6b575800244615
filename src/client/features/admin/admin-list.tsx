import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount, pluralise } from './format';
import { useSearch } from './search';
import { SearchBox } from './search-box';
import { type TableColumn, VirtualTable } from './virtual-table';

type AdminListProps<T> = {
  /** The list's name: the table's accessible name ('Users'). */
  label: string;
  /** What one row is: 'user' (and its plural when not just an s). */
  noun: { one: string; many?: string };
  /** The rows, once loaded. */
  rows: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  search: {
    label: string;
    placeholder: string;
    /** The fields searched; a module-level function, so the search index is built once per data set. */
    fields: (row: T) => readonly string[];
  };
  columns: readonly TableColumn<T>[];
  /**
   * The list's CSV file, which the server makes (of the rows the search finds, `?q=`) and records in the admin
   * audit trail as it gives it (docs/decisions/107-admin-lists-exported-by-the-server.md).
   */
  csvHref: string;
  rowKey: (row: T) => string | number;
  /** Below this width the table scrolls sideways. */
  minWidth?: string;
  messages: { loading: string; empty: string; noMatch: string; error: string };
};

function Message({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600"
    >
      {children}
    </div>
  );
}

/**
 * One admin list: search, count, CSV export and the virtualised table, with its loading, error, empty
 * and no-match states. Every list page is this with its own columns and words.
 */
export function AdminList<T>({
  label,
  noun,
  rows,
  isPending,
  isError,
  onRetry,
  search,
  columns,
  csvHref,
  rowKey,
  minWidth,
  messages,
}: AdminListProps<T>) {
  const all = rows ?? NO_ROWS;
  const { query, setQuery, filtered, searched, searching } = useSearch<T>(all, search.fields);

  if (isPending) return <Spinner layout="page" label={messages.loading} />;
  if (isError)
    return (
      <Message alert>
        <p>{messages.error}</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      </Message>
    );
  if (all.length === 0) return <Message>{messages.empty}</Message>;

  const total = pluralise(all.length, noun.one, noun.many);
  const exportLabel = (
    <>
      <Download aria-hidden="true" className="size-4" />
      Export CSV
    </>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SearchBox label={search.label} placeholder={search.placeholder} value={query} onChange={setQuery} />
        <div className="flex items-center gap-4">
          <p role="status" className="text-sm text-slate-600">
            {searching ? `${formatCount(filtered.length)} of ${total}` : total}
          </p>
          {filtered.length === 0 ? (
            <Button variant="outline" disabled>
              {exportLabel}
            </Button>
          ) : (
            <Button asChild variant="outline">
              {/* A file the server makes: the browser saves it, with the admin's session cookie. */}
              <a href={searched ? `${csvHref}?q=${encodeURIComponent(searched)}` : csvHref} download>
                {exportLabel}
              </a>
            </Button>
          )}
        </div>
      </div>
      {filtered.length === 0 ? (
        <Message>{messages.noMatch}</Message>
      ) : (
        <VirtualTable label={label} rows={filtered} columns={columns} rowKey={rowKey} minWidth={minWidth} />
      )}
    </div>
  );
}

const NO_ROWS: readonly never[] = [];
