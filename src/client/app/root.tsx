import { RouteError } from '@client/components/layout/route-error';
import { StartingPage } from '@client/components/layout/starting-page';
import { ToastHost } from '@client/components/ui/toast-host';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import { replayStashedToasts } from '@client/lib/toast';
import stylesheet from '@client/styles.css?url';
import { PRODUCT_NAME } from '@shared/brand';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts } from 'react-router';

/** The app's one document: every app page, its prerendered loading shell and the starting page. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta
          name="description"
          content={`${PRODUCT_NAME} writes dental clinical notes from appointment audio. Designed by dentists. 14-day free trial, cancel anytime.`}
        />
        <meta name="theme-color" content="#4f46e5" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence, React puts the stylesheet first in the head, before the script preloads. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        <noscript>{PRODUCT_NAME} needs JavaScript to run. Please enable it in your browser.</noscript>
        <Scripts />
      </body>
    </html>
  );
}

/** A page without a title of its own shows the site's. */
export const meta = () => [{ title: fullTitle() }];

export default function App() {
  useEffect(() => {
    // A toast a page left for the next one (a sign-out that loaded the home page, say).
    replayStashedToasts();
    // The page is React's from here: the browser tests wait for this.
    document.documentElement.dataset.app = 'spa';
  }, []);
  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}

/** What shows while the first page's code and session load, for a path with no shell of its own. */
export function HydrateFallback() {
  return <StartingPage />;
}

export function ErrorBoundary() {
  return <RouteError />;
}
