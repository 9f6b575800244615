/** A placeholder shaped like the list it stands for, while it loads. */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div key={i} className="grid gap-2">
          <div className="h-4 w-48 rounded bg-slate-200 motion-safe:animate-pulse" />
          <div className="h-3 w-64 rounded bg-slate-100 motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
