import { Skeleton } from '@client/components/ui/skeleton';
import { PRODUCT_NAME } from '@shared/brand';
import type { ReactNode } from 'react';
import { LogoMark } from './brand';
import { PageContainer, type PageWidth } from './page-container';

// What shows while the first page's code and the session load (together, router.tsx): the bar the page
// will have, and nothing under it that the page could push about when it comes. A spinner here would be
// the lone spinner docs/architecture.md#budgets rules out.

/** The site's pages: the header's bar with the brand. */
export function StartingPage() {
  return (
    <div className="min-h-dvh">
      <StartingBar />
    </div>
  );
}

/** The header's bar with the brand (a landmark, as the header it stands for). */
function StartingBar() {
  return (
    <header className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 text-lg font-bold tracking-tight text-slate-900 sm:px-6 lg:px-8">
      <LogoMark />
      {PRODUCT_NAME}
    </header>
  );
}

/** The admin area: its background. */
export function AdminStartingPage() {
  return <div className="min-h-dvh bg-slate-100" />;
}

/**
 * A signed-in page's prerendered shell (src/client/app-shells.tsx): the header's bar, then the page's own
 * top (`children`: its heading and what it is for, which need no data) over a placeholder for the rest.
 * It is in the HTML, so a reader sees the page's heading before any script has run.
 */
export function StartingSiteShell({ width, children }: { width: PageWidth; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <StartingBar />
      <main id="main" className="flex-1">
        <PageContainer width={width}>
          {children}
          <LoadingBlock />
        </PageContainer>
      </main>
    </div>
  );
}

/** An admin page's prerendered shell: the admin area's bars and the page's top. */
export function StartingAdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100 lg:flex">
      <header className="bg-slate-900 lg:fixed lg:inset-y-0 lg:w-64">
        <p className="flex h-16 items-center gap-2 px-6 text-lg font-bold text-white">
          <LogoMark />
          {PRODUCT_NAME} Admin
        </p>
      </header>
      <div className="flex min-w-0 flex-1 flex-col lg:pl-64">
        <div className="h-16 border-b border-slate-200 bg-white" />
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <div className="grid gap-6">
            {children}
            <LoadingBlock />
          </div>
        </main>
      </div>
    </div>
  );
}

/** Where the rest of the page will be. */
function LoadingBlock() {
  return (
    <div role="status" aria-label="Loading" className="mt-8">
      <Skeleton className="h-64 w-full rounded-xl bg-slate-100" />
    </div>
  );
}
