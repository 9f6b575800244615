/** The account page's tabs, in their order; `/account?tab=...` opens one. */
export const ACCOUNT_TABS = ['profile', 'subscription', 'security'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The id of the Subscription tab's controls, the target of 'Manage Subscription'. */
export const MANAGE_SUBSCRIPTION_ID = 'manage-subscription';

/**
 * Every page's address, defined once (as bulletproof-react's config/paths.ts): `path` is the route's
 * pattern, `getHref` the link to it. Components, the router and the prerender take them from here.
 */
export const paths = {
  home: {
    path: '/',
    /** A section of the home page: '/#features'. */
    getHref: (section?: 'features' | 'testimonials') => (section ? `/#${section}` : '/'),
  },
  auth: {
    path: '/auth',
    /** Sign in, then go to `redirect` (a path with its query, encoded whole). */
    getHref: (redirect?: string) => (redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : '/auth'),
    /** Create an account (the Register tab, with `redirect` after, when given). */
    getRegisterHref: (redirect?: string) =>
      redirect === undefined
        ? '/auth?tab=register'
        : `/auth?tab=register&redirect=${encodeURIComponent(redirect)}`,
    /** A referrer's share link: the code waits in the browser for the subscribe page. */
    getReferralHref: (code: string) => `/auth?ref=${encodeURIComponent(code)}`,
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Where the verification and email-change links point (with their token). */
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  referralProgram: { path: '/referral-program', getHref: () => '/referral-program' },
  security: { path: '/security', getHref: () => '/security' },
  contact: {
    path: '/contact',
    /** 'demo' opens the form on a demo request (the 'Request Demo' links). */
    getHref: (kind?: 'demo') => (kind ? `/contact?kind=${kind}` : '/contact'),
  },
  /** Where a newsletter mail's unsubscribe link lands (the server's newsletterUnsubscribePage). */
  newsletterUnsubscribe: {
    path: '/newsletter/unsubscribe',
    getHref: (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  },
  account: {
    path: '/account',
    /** The account page on one of its tabs (without one: Profile). */
    getHref: (tab?: AccountTab) => (tab ? `/account?tab=${tab}` : '/account'),
    /** The Subscription tab, at the controls that change the subscription (freeze, cancel, switch...). */
    getManageHref: () => `/account?tab=subscription#${MANAGE_SUBSCRIPTION_ID}`,
    /** The Subscription tab with its dialog open to switch to `planId` (from the pricing page). */
    getSwitchHref: (planId: string, interval: 'month' | 'year' = 'month') =>
      `/account?tab=subscription&switch=${planId}${interval === 'year' ? '&interval=year' : ''}`,
  },
  refer: { path: '/refer', getHref: () => '/refer' },
  practice: {
    path: '/practice',
    getHref: () => '/practice',
    /** Where an invitation mail's link lands (with its token). */
    join: {
      path: '/practice/join',
      getHref: (token: string) => `/practice/join?token=${encodeURIComponent(token)}`,
    },
    /** The practice's audit trail (its owner and admins). */
    audit: { path: '/practice/audit', getHref: () => '/practice/audit' },
  },
  subscribe: {
    /** Not a page: it sends the visitor to choose a plan on the pricing page. */
    root: { path: '/subscribe', getHref: () => '/subscribe' },
    /** A paid plan's checkout. Plan ids are plain words, so its sign-in link stays readable in the page. */
    plan: {
      path: '/subscribe/:planId',
      getHref: (planId: string, interval: 'month' | 'year' = 'month') =>
        interval === 'year' ? `/subscribe/${planId}?interval=year` : `/subscribe/${planId}`,
      /**
       * A visitor's way to the plan: most are new, so /auth opens on Register (`tab=register`), with
       * 'Sign in' a tab away for those who have an account; either way they come back to the plan.
       */
      getSignInHref: (planId: string, interval: 'month' | 'year' = 'month') =>
        interval === 'year'
          ? `/auth?redirect=${encodeURIComponent(`/subscribe/${planId}?interval=year`)}&tab=register`
          : `/auth?redirect=/subscribe/${planId}&tab=register`,
    },
    /** Where Stripe sends the browser back after confirming the payment. */
    success: { path: '/subscribe/success', getHref: () => '/subscribe/success' },
  },
  /**
   * The OpenID Provider (docs/architecture.md#note-app-sign-in): its pages are the server's, reached by loading the
   * document, never through the router. A signed-out person starting from the note app is sent to
   * /auth with `redirect` pointing back into the flow, below this path.
   */
  oidc: { path: '/oidc' },
  admin: {
    login: {
      path: '/admin',
      /** Sign in, then go to `redirect`, an admin page. */
      getHref: (redirect?: string) =>
        redirect ? `/admin?redirect=${encodeURIComponent(redirect)}` : '/admin',
    },
    dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
    users: {
      path: '/admin/users',
      getHref: () => '/admin/users',
      /** One user's detail page (read-only). */
      user: { path: '/admin/users/:id', getHref: (id: number) => `/admin/users/${id}` },
    },
    subscriptions: { path: '/admin/subscriptions', getHref: () => '/admin/subscriptions' },
    newsletter: { path: '/admin/newsletter', getHref: () => '/admin/newsletter' },
    referrals: { path: '/admin/referrals', getHref: () => '/admin/referrals' },
    practices: { path: '/admin/practices', getHref: () => '/admin/practices' },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  },
} as const;

/** Whether the server answers `location` itself (so the browser must load it, not the router). */
export const isServerPage = (location: string) => isWithin(location, paths.oidc.path);

/**
 * The marketing pages: Astro builds each to its own HTML document (src/site/pages;
 * docs/decisions/080-marketing-pages-on-astro.md), so the app reaches them by loading the document.
 */
export const sitePagePaths: readonly string[] = [
  paths.home.path,
  // The sign-in page is the public site's too: its forms are an island (src/site/pages/auth.astro).
  paths.auth.path,
  paths.pricing.path,
  paths.referralProgram.path,
  paths.security.path,
  paths.contact.path,
  paths.newsletterUnsubscribe.path,
];

/** Whether `location` ('/pricing', '/#features', '/contact?kind=demo') is a marketing page (Astro's). */
export function isSitePage(location: string): boolean {
  const key = pageKey(location.split(/[?#]/)[0] || '/');
  return key !== undefined && sitePagePaths.includes(key);
}

/**
 * A path of this site that a browser may be sent to (a `redirect`, a `returnTo`): the one rule, for the
 * client and the server. It starts with a single '/', and has no backslash and no control character
 * anywhere: browsers read '//host' and '/\host' as another site, and drop tabs and newlines from an
 * address, so '/<tab>/host' would become '//host' (and a newline cannot be sent in a Location header).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
export const LOCAL_PATH = /^\/(?!\/)[^\u0000-\u001f\u007f\\]*$/;

/** Whether `location` is `path` or below it: '/subscribe/pro?x=1' is within '/subscribe'. */
export function isWithin(location: string, path: string): boolean {
  if (!location.startsWith(path)) return false;
  const next = location.charAt(path.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

/** Every route pattern in `paths` ('/subscribe/:planId'), but the server's own pages. */
function pagePatternsOf(node: object): string[] {
  return Object.values(node).flatMap((value) => {
    if (typeof value !== 'object' || value === null) return [];
    const own = 'path' in value && typeof value.path === 'string' ? [value.path] : [];
    return [...own, ...pagePatternsOf(value)];
  });
}

/**
 * The paths the client's router shows a page at. The router takes every route's pattern from `paths`,
 * so a page added there is known to the server too: it answers these with the app and 200, and any
 * other path with the app and 404 (src/server/app.ts), so that a mistyped or dead link is a real 404
 * to search engines and link checkers, while the person still sees the app's not-found page.
 */
export const pagePatterns: readonly string[] = pagePatternsOf(paths).filter((p) => !isServerPage(p));

/**
 * A pattern as React Router's matchPath compiles it (the router decides what the person sees, so the
 * server must agree with it): a `:param` is one non-empty segment, letter case does not count, and
 * trailing slashes are allowed.
 */
const toMatcher = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[\\.*+^${}|()[\]]/g, '\\$&').replace(/\/:[\w-]+/g, '/[^/]+')}/*$`, 'i');
// Fewest parameters first: where two patterns match ('/subscribe/success', '/subscribe/:planId'), the
// router takes the one with more fixed segments.
const pageRoutes = pagePatterns
  .map((pattern) => ({ matcher: toMatcher(pattern), segments: pattern.split('/') }))
  .sort((a, b) => paramCount(a.segments) - paramCount(b.segments));
function paramCount(segments: string[]): number {
  return segments.filter((segment) => segment.startsWith(':')).length;
}

/** Whether the client's router shows a page at `pathname` (rather than its not-found page). */
export function isPagePath(pathname: string): boolean {
  return pageKey(pathname) !== undefined;
}

/**
 * One spelling for all the ways of writing a page's path, as the router reads them: %-escapes decoded, no
 * trailing slash, the route's own segments in lower case ('/Pricing/' is '/pricing'). A parameter keeps
 * its case, as the page gets it: '/subscribe/PRO' is no plan. undefined: the router has no page there.
 */
export function pageKey(pathname: string): string | undefined {
  const decoded = decodePath(pathname);
  const route = pageRoutes.find(({ matcher }) => matcher.test(decoded));
  if (!route) return undefined;
  const segments = decoded.replace(/\/+$/, '').split('/');
  return (
    segments
      .map((segment, i) => (route.segments[i]?.startsWith(':') ? segment : segment.toLowerCase()))
      .join('/') || '/'
  );
}

/** The path as the router matches it: '/pric%69ng' is the pricing page; a %2F stays within its segment. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname; // a malformed escape: the router, too, matches the path as it is
  }
}
