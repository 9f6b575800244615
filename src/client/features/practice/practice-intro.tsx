import { Skeleton } from '@client/components/ui/skeleton';

// The parts of /practice its prerendered shell shows (its route in src/client/app/routes) before the page's code
// and data arrive; the page shows the same, so nothing changes under the reader's eyes.

/** Above the practice's name. */
export function PracticeEyebrow() {
  return <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Your practice</p>;
}

/** What the page is for, under the practice's name. */
export function PracticeLead() {
  return (
    <p className="mt-4 text-lg text-pretty text-slate-600">
      One subscription for the whole team: invite your associates, hygienists and therapists, choose what each
      of them may do, and see who has access.
    </p>
  );
}

/**
 * Shaped like the page it stands for: the heading, the seats, then the members, the invitations and the
 * form to invite (an owner's page, the longest), so the footer is where the page will put it.
 */
export function PracticeSkeleton() {
  return (
    <>
      <Skeleton className="mt-3 h-10 w-2/3" />
      <PracticeLead />
      <div role="status" aria-label="Loading your practice">
        <Skeleton className="mt-4 h-5 w-40 bg-slate-100" />
        <div className="mt-8 grid gap-6">
          <SkeletonCard rows={3} />
          <SkeletonCard rows={1} />
          <SkeletonCard rows={2} />
        </div>
      </div>
    </>
  );
}

function SkeletonCard({ rows }: { rows: number }) {
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6">
      <Skeleton className="h-6 w-32" />
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div key={row} className="grid gap-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-64 bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
