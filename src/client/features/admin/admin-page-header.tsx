import { useTitle } from '@client/lib/use-title';

/** An admin page's h1 and tab title. */
export function AdminPageHeader({ title, description }: { title: string; description: string }) {
  useTitle(`${title} (admin)`);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{description}</p>
    </div>
  );
}
