import { layout, type RouteConfig, route } from '@react-router/dev/routes';
import { paths, sitePagePaths } from '../../shared/paths';

// Every app page, its address taken from src/shared/paths.ts (the server answers the same paths with the
// app: src/server/client-pages.ts). One module per page in routes/: the page's code, and for a signed-in
// page the loader that waits for the session and asks for its data, and the shell its prerendered HTML
// shows meanwhile (react-router.config.ts).
export default [
  // The marketing pages are Astro's documents (src/site), not the app's: a navigation to one loads it.
  ...sitePagePaths.map((path) => route(path, 'routes/site-page.tsx', { id: `site-page:${path}` })),
  layout('routes/site.tsx', [
    route(paths.forgotPassword.path, 'routes/forgot-password.tsx'),
    route(paths.resetPassword.path, 'routes/reset-password.tsx'),
    route(paths.verifyEmail.path, 'routes/verify-email.tsx'),
    // Open signed out: the invitation says whom it is for before the person signs in.
    route(paths.practice.join.path, 'routes/practice-join.tsx'),
    // Choosing no plan is choosing on the pricing page; no need to sign in first.
    route(paths.subscribe.root.path, 'routes/subscribe-choose.tsx'),
    layout('routes/signed-in.tsx', [
      route(paths.account.path, 'routes/account.tsx'),
      route(paths.practice.path, 'routes/practice.tsx'),
      route(paths.practice.audit.path, 'routes/practice-audit.tsx'),
      route(paths.refer.path, 'routes/refer.tsx'),
      route(paths.subscribe.success.path, 'routes/subscribe-success.tsx'),
      route(paths.subscribe.plan.path, 'routes/subscribe-plan.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The admin area has its own layout and no public header or footer; its code never loads for visitors.
  route(paths.admin.login.path, 'routes/admin-login.tsx'),
  layout('routes/admin.tsx', [
    route(paths.admin.dashboard.path, 'routes/admin-dashboard.tsx'),
    route(paths.admin.users.path, 'routes/admin-users.tsx'),
    route(paths.admin.users.user.path, 'routes/admin-user.tsx'),
    route(paths.admin.subscriptions.path, 'routes/admin-subscriptions.tsx'),
    route(paths.admin.newsletter.path, 'routes/admin-newsletter.tsx'),
    route(paths.admin.referrals.path, 'routes/admin-referrals.tsx'),
    route(paths.admin.practices.path, 'routes/admin-practices.tsx'),
    route(paths.admin.audit.path, 'routes/admin-audit.tsx'),
  ]),
] satisfies RouteConfig;
