import { preloadShell } from '@client/components/layout/session-banners';
import { paths } from '@client/config/paths';
import { adminQueryOptions } from '@client/features/admin/api/get-admin';
import { queryClient } from '@client/lib/query-client';
import { userQueryOptions } from '@client/lib/session';
import { hasSessionMarker } from '@client/lib/session-marker';
import type { ComponentType } from 'react';
import { redirect, useLoaderData } from 'react-router';

// What a signed-in page's route loader waits for before the page first shows: the session (one request,
// which the header, the guard and the page all read) and the page's code, together. The code is not among
// the HTML's first scripts: the prerendered shell paints, and runs, without it. The page's own data is only
// asked for here, never waited for, so the page shows as soon as its code is here, with placeholders the
// size of what is coming.

/** Where a visitor without a session is sent: to sign in, and brought back to `request`'s page after. */
const backAfter = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/**
 * The signed-in user, for a page only they may see, with the banner their layout shows (a failed session
 * check counts as signed out). A visitor is sent to sign in and brought back.
 */
export async function requireUser(request: Request) {
  const user = await queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
  if (!user) throw redirect(paths.auth.getHref(backAfter(request)));
  await preloadShell(user).catch(() => undefined);
  return user;
}

/** The admin, for an admin page; anyone else is sent to the admin sign-in and brought back. */
async function requireAdmin(request: Request) {
  const admin = await queryClient.ensureQueryData(adminQueryOptions()).catch(() => null);
  if (!admin) throw redirect(paths.admin.login.getHref(backAfter(request)));
  return admin;
}

/**
 * Asks for a signed-in page's data now, beside its session check, only when there is a session (its
 * marker cookie): a visitor is sent to sign in, and asks nothing that would answer 401.
 */
function prefetchWhenSignedIn(kind: 'user' | 'admin', start: () => unknown): void {
  if (hasSessionMarker(kind)) void start();
}

/** What a signed-in page's loader gives its route: the page, whose code it loaded. */
type LoadedPageData = { Page: ComponentType };

/** A signed-in page's route component: the page its loader loaded. */
export function LoadedPage() {
  const { Page } = useLoaderData<LoadedPageData>();
  return <Page />;
}

/** What a page's loader is given: its address, whose query may say what the page opens on. */
type PageStep<T> = (url: URL) => T;

/**
 * The loader of a signed-in page: the session (or a redirect to sign in) and the page's code, together;
 * `prefetch` asks for the page's data beside them when there is a session, not waited for.
 */
export function userPage(load: PageStep<Promise<ComponentType>>, prefetch?: PageStep<unknown>) {
  return signedInPage('user', requireUser, load, prefetch);
}

/** The loader of an admin page: as userPage, with the admin's session. */
export function adminPage(load: PageStep<Promise<ComponentType>>, prefetch?: PageStep<unknown>) {
  return signedInPage('admin', requireAdmin, load, prefetch);
}

function signedInPage(
  kind: 'user' | 'admin',
  require: (request: Request) => Promise<unknown>,
  load: PageStep<Promise<ComponentType>>,
  prefetch: PageStep<unknown> | undefined,
) {
  return async ({ request }: { request: Request }): Promise<LoadedPageData> => {
    const url = new URL(request.url);
    if (prefetch) prefetchWhenSignedIn(kind, () => prefetch(url));
    const [, Page] = await Promise.all([require(request), load(url)]);
    return { Page };
  };
}
