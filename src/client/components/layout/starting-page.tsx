import { PRODUCT_NAME } from '@shared/brand';
import { LogoMark } from './brand';

// What shows while the first page's code and the session load (together, router.tsx): the bar the page
// will have, and nothing under it that the page could push about when it comes. A spinner here would be
// the lone spinner design.md section 8 rules out.

/** The site's pages: the header's bar with the brand. */
export function StartingPage() {
  return (
    <div className="min-h-dvh">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 text-lg font-bold tracking-tight text-slate-900 sm:px-6 lg:px-8">
        <LogoMark />
        {PRODUCT_NAME}
      </div>
    </div>
  );
}

/** The admin area: its background. */
export function AdminStartingPage() {
  return <div className="min-h-dvh bg-slate-100" />;
}
