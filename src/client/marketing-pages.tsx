import { paths } from '@client/config/paths';
import { Island } from '@client/islands/island';
import type { MarketingPath } from '@client/lib/page-meta';
import type { ComponentType } from 'react';

/**
 * The one page this build still prerenders: /auth, until it moves into the app (issue 28, step 3). The
 * other marketing pages are Astro's (src/site; docs/decisions/080-marketing-pages-on-astro.md).
 */
export const MARKETING_PAGES: Partial<Record<MarketingPath, () => Promise<ComponentType>>> = {
  // The whole page is its forms: they run script once the visitor starts on them (design.md section 8:
  // validation may load on first focus), at once for an address with a query (?tab=register, ?ref=)
  // or a signed-in visitor (who is sent on), and at once where Sign in with Microsoft is set up: its
  // button is not in the HTML, built without knowing (docs/decisions/094-sign-in-with-microsoft.md).
  [paths.auth.path]: () =>
    import('@client/features/auth/auth-page').then(({ AuthPage }) => () => (
      <Island
        name="authPage"
        component={AuthPage}
        hydrate={['interaction', 'query', 'session', 'stale']}
        renderedFrom={{ url: '/api/config', data: { microsoftSignIn: false } }}
      />
    )),
};

/** The file the build writes for a marketing path: '/auth' -> 'auth.html'. */
export function prerenderedFile(path: string): string {
  return `${path.slice(1)}.html`;
}
