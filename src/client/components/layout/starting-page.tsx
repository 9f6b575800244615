import { Skeleton } from '@client/components/ui/skeleton';
import { PRODUCT_NAME } from '@shared/brand';
import type { ReactNode } from 'react';
import { LogoMark } from './brand';
import { PageContainer, type PageWidth } from './page-container';

// What shows while the first page's code and the session load (together, src/client/app/guards.ts): the
// bar the page will have, and nothing under it that the page could push about when it comes. A spinner
// here would be the lone spinner docs/architecture.md#budgets rules out.

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

/**
 * A signed-in page's loading shell (its route's HydrateFallback, which the build prerenders), inside the
 * site's layout: the page's own top (`children`: its heading and what it is for, which need no data) over
 * a placeholder for the rest. It is in the HTML, so a reader sees the page's heading before any script
 * has run, and the page shows the same top where the reader already sees it. It fills the screen, so the
 * footer waits below it rather than being pushed down when the page comes.
 */
export function LoadingPage({ width, children }: { width: PageWidth; children: ReactNode }) {
  return (
    <PageContainer width={width} className="min-h-dvh">
      {children}
      <LoadingBlock />
    </PageContainer>
  );
}

/** An admin page's, inside the admin area's layout. */
export function AdminLoadingPage({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-6">
      {children}
      <LoadingBlock />
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
