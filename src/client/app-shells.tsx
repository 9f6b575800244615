import type { PageWidth } from '@client/components/layout/page-container';
import { StartingAdminShell, StartingSiteShell } from '@client/components/layout/starting-page';
import { paths } from '@client/config/paths';
import { AccountIntro } from '@client/features/account/account-intro';
import { DashboardIntro } from '@client/features/admin/dashboard-intro';
import { PracticeEyebrow, PracticeSkeleton } from '@client/features/practice/practice-intro';
import { ReferIntro } from '@client/features/referrals/refer-intro';
import { SubscribeIntro } from '@client/features/subscribe/subscribe-intro';
import { PLANS } from '@shared/plans';
import type { ReactElement } from 'react';

// Design.md section 8: a signed-in page is the app, which needs its code, the session and the page's data
// before it can show the page. So that its first paint does not wait for all that, the build writes each
// of these pages' HTML with a shell in it (scripts/prerender.mjs; the server sends it for that path): the
// header's bar and the page's own top, which needs no data, over a placeholder. The app starts on it
// (main.tsx) and replaces it with the page once the route's code and session are here; the page shows the
// same top, so the heading and its text stay where the reader already sees them.

export type AppShell = {
  /** The page's title, as the page sets it. */
  title: string;
  /** The page's modules (its layout's, its own): the shell asks for their code at once, beside the app's. */
  modules: string[];
  element: ReactElement;
};

/** A page of the site's layout: its title, its module and its top, at the page's width. */
function sitePage(title: string, module: string, width: PageWidth, top: ReactElement): AppShell {
  return {
    title,
    modules: [`src/client/features/${module}.tsx`],
    element: <StartingSiteShell width={width}>{top}</StartingSiteShell>,
  };
}

export const APP_SHELLS: Record<string, AppShell> = {
  [paths.account.path]: sitePage('My Account', 'account/account-page', 'narrow', <AccountIntro />),
  [paths.refer.path]: sitePage('Refer a Friend', 'referrals/refer-page', 'medium', <ReferIntro />),
  [paths.practice.path]: sitePage(
    'Practice',
    'practice/practice-page',
    'medium',
    <>
      <PracticeEyebrow />
      <PracticeSkeleton />
    </>,
  ),
  // Each paid plan's checkout.
  ...Object.fromEntries(
    PLANS.filter((plan) => plan.price > 0).map((plan) => [
      paths.subscribe.plan.getHref(plan.id),
      sitePage(
        `Subscribe to ${plan.name}`,
        'subscribe/subscribe-page',
        'medium',
        <SubscribeIntro plan={plan} />,
      ),
    ]),
  ),
  [paths.admin.dashboard.path]: {
    title: 'Dashboard (admin)',
    modules: ['src/client/features/admin/admin-shell.tsx', 'src/client/features/admin/dashboard-page.tsx'],
    element: (
      <StartingAdminShell>
        <DashboardIntro />
      </StartingAdminShell>
    ),
  },
};
