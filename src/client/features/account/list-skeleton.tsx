import { Skeleton, SkeletonList } from '@client/components/ui/skeleton';

/** A placeholder shaped like the list it stands for, while it loads. */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <SkeletonList
      label={label}
      count={rows}
      className="gap-3"
      item={() => (
        <div className="grid gap-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-64 bg-slate-100" />
        </div>
      )}
    />
  );
}
