import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { SessionBanners } from './session-banners';

/**
 * Header, main content and footer for every public and user page, router or not. On a prerendered
 * page only the islands run script: the header (its menu, a signed-in person's own header) and the
 * banners a signed-in person must act on.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {/* A button, not a '#main' link: a hash change would become a router navigation. */}
      <button
        type="button"
        data-skip-to-main=""
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-indigo-500"
      >
        Skip to content
      </button>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <SessionBanners />
        {children}
      </main>
      <Footer />
    </div>
  );
}
