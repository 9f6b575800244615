import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { useRouteError } from 'react-router';

// Shown when a page fails to render or its code fails to load, typically a tab left open across a
// deploy: reloading fetches the new files.
function ErrorMessage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="max-w-md text-slate-600">This page could not be shown. Reloading usually fixes it.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <a href={paths.home.getHref()}>Go to the home page</a>
        </Button>
      </div>
    </div>
  );
}

/** Inside the site layout, which keeps its header and footer. */
export function PageError() {
  return <ErrorMessage />;
}

/** Anywhere else: the page has no layout of its own. */
export function RouteError() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <ErrorMessage />
    </main>
  );
}
