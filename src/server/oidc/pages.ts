import type { KoaContextWithOIDC } from 'oidc-provider';
import { PRODUCT_NAME } from '../../shared/brand';

// The few pages the OpenID Provider shows itself (an error, the sign-out question), in our look: the
// client's own stylesheet and its classes (client/components/ui/button.tsx), and no inline style or
// script, which the CSP forbids.

const BUTTON =
  'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2';
const PRIMARY = `${BUTTON} bg-indigo-600 text-white shadow-sm hover:bg-indigo-700`;
const OUTLINE = `${BUTTON} border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(stylesheets: string[], title: string, body: string): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${PRODUCT_NAME}</title>
${links}
</head>
<body class="min-h-dvh bg-slate-50 text-slate-900 antialiased">
<header class="border-b border-slate-200 bg-white"><div class="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8"><a href="/" class="text-lg font-bold text-indigo-700">${PRODUCT_NAME}</a></div></header>
<main class="mx-auto max-w-md px-4 py-16"><div class="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">${body}</div></main>
</body>
</html>`;
}

/** The stylesheets the built client's index.html links (none in API tests, which serve no client). */
export function clientStylesheets(indexHtml: string | undefined): string[] {
  if (!indexHtml) return [];
  return [...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
}

export function oidcPages(stylesheets: string[]) {
  return {
    /**
     * A request that cannot go on (a wrong redirect URI, an unknown client...): a sign-in's, or a
     * sign-out's (the end-session endpoint and its confirmation), each said as what it is.
     */
    renderError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): void {
      const signOut = ctx.oidc?.route?.startsWith('end_session') === true;
      ctx.type = 'html';
      ctx.body = page(
        stylesheets,
        signOut ? 'Sign-out problem' : 'Sign-in problem',
        `<h1 class="text-2xl font-bold tracking-tight">${signOut ? 'We could not sign you out of the note app' : 'We could not sign you in to the note app'}</h1>
<p class="mt-3 text-slate-700">${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong.')}</p>
<p class="mt-3 text-sm text-slate-600">Error code: <code>${escapeHtml(out.error ?? 'server_error')}</code></p>
<p class="mt-6"><a class="${PRIMARY}" href="/">Back to ${PRODUCT_NAME}</a></p>`,
      );
    },

    /**
     * The note app is signing the person out (RP-initiated logout) and asks whether they leave
     * ChairNotes too: either answer signs them out of the note app.
     */
    logoutSource(ctx: KoaContextWithOIDC, form: string): void {
      ctx.type = 'html';
      ctx.body = page(
        stylesheets,
        'Sign out',
        `<h1 class="text-2xl font-bold tracking-tight">Sign out of ${PRODUCT_NAME} too?</h1>
<p class="mt-3 text-slate-700">You are signing out of the note app. You can stay signed in to ${PRODUCT_NAME} in this browser, or sign out of both.</p>
${form}
<div class="mt-6 flex flex-wrap gap-3">
<button class="${PRIMARY}" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out of both</button>
<button class="${OUTLINE}" type="submit" form="op.logoutForm">Only the note app</button>
</div>`,
      );
    },

    /** The note app's sign-in link was opened too late (or in another browser): start again there. */
    expiredInteraction(): string {
      return page(
        stylesheets,
        'Sign-in link expired',
        `<h1 class="text-2xl font-bold tracking-tight">This sign-in has expired</h1>
<p class="mt-3 text-slate-700">Go back to the note app and open it again: you will be signed in with your ${PRODUCT_NAME} account.</p>
<p class="mt-6"><a class="${PRIMARY}" href="/">Back to ${PRODUCT_NAME}</a></p>`,
      );
    },

    /** Signed out, and the note app named nowhere to go back to. */
    postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
      ctx.type = 'html';
      ctx.body = page(
        stylesheets,
        'Signed out',
        `<h1 class="text-2xl font-bold tracking-tight">You have been signed out</h1>
<p class="mt-3 text-slate-700">You are signed out of the note app in this browser.</p>
<p class="mt-6"><a class="${PRIMARY}" href="/auth">Sign in again</a></p>`,
      );
    },
  };
}

export type OidcPages = ReturnType<typeof oidcPages>;
