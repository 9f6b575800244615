import { Button } from '@client/components/ui/button';
import { ScrollingTable } from '@client/components/ui/scrolling-table';
import { Skeleton } from '@client/components/ui/skeleton';
import { once } from '@shared/once';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';

// An audit trail as a table (docs/decisions/090-practice-and-admin-audit-trails.md): the practice's and the
// admin area's, newest first, a page at a time, with its CSV to download. Times are shown in UTC, as the
// trail and its CSV keep them.

/** What both trails say of an event (src/shared/schemas/audit.ts), and who did it. */
type AuditRow = {
  id: number;
  at: string;
  label: string;
  subject: string | null;
  detail: string | null;
  ip: string | null;
  device: string;
};
type AuditPage<E> = { events: E[]; nextBefore: number | null };

const utc = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'UTC',
    }),
);

const COLUMNS = 5;
const cell = 'px-3 py-3 align-top';

type AuditTrailProps<E extends AuditRow> = {
  /** The table's accessible name. */
  caption: string;
  /** The pages, as useInfiniteQuery holds them. */
  query: UseInfiniteQueryResult<InfiniteData<AuditPage<E>>>;
  /** Who did it: the column's heading, and its value. */
  who: { header: string; value: (event: E) => string | null };
  csvHref: string;
  empty: string;
};

export function AuditTrail<E extends AuditRow>({ caption, query, who, csvHref, empty }: AuditTrailProps<E>) {
  const events = query.data?.pages.flatMap((page) => page.events);
  const head = (
    <>
      <th scope="col" className="px-3 py-2 font-medium">
        Time (UTC)
      </th>
      <th scope="col" className="px-3 py-2 font-medium">
        {who.header}
      </th>
      <th scope="col" className="px-3 py-2 font-medium">
        What
      </th>
      <th scope="col" className="px-3 py-2 font-medium">
        About
      </th>
      <th scope="col" className="px-3 py-2 font-medium">
        From
      </th>
    </>
  );
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Newest first. Times are in UTC.</p>
        <Button asChild variant="outline">
          {/* A file the server makes: the browser saves it, with the session's cookie. */}
          <a href={csvHref} download>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </Button>
      </div>
      {query.isError && !events ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-white p-6">
          <p className="text-slate-800">We could not load the audit trail. Please try again.</p>
          <Button className="mt-4" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : events && events.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white">
          <ScrollingTable caption={caption} head={head} focusable>
            {events ? (
              <tbody className="divide-y divide-slate-100">
                {events.map((event) => (
                  <tr key={event.id}>
                    <td className={`${cell} whitespace-nowrap text-slate-700`}>
                      <time dateTime={event.at}>{utc().format(new Date(event.at))}</time>
                    </td>
                    <td className={`${cell} break-words text-slate-900`}>{who.value(event) ?? '—'}</td>
                    <td className={`${cell} text-slate-900`}>{event.label}</td>
                    <td className={`${cell} break-words text-slate-700`}>
                      {event.subject}
                      {event.detail ? <span className="block text-slate-500">{event.detail}</span> : null}
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      {event.ip ?? '—'}
                      <span className="block text-slate-500">{event.device}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            ) : (
              <LoadingRows />
            )}
          </ScrollingTable>
        </div>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show older events'}
        </Button>
      ) : null}
    </div>
  );
}

/** Rows shaped like the events they stand for, announced as loading. */
function LoadingRows() {
  return (
    <tbody aria-busy="true">
      <tr>
        <td colSpan={COLUMNS} className="p-0">
          <span role="status" aria-label="Loading the audit trail" className="sr-only">
            Loading the audit trail
          </span>
        </td>
      </tr>
      {Array.from({ length: 6 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <tr key={row}>
          {Array.from({ length: COLUMNS }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <td key={column} className={cell}>
              <Skeleton className="h-4 w-24" />
              {column >= 3 ? <Skeleton className="mt-1 h-3 w-16 bg-slate-100" /> : null}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
