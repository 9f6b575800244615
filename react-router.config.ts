import type { Config } from '@react-router/dev/config';
import { paths } from './src/shared/paths';
import { PLANS } from './src/shared/plans';

/**
 * The app: React Router's framework mode as a single-page app (docs/decisions/077-the-app-on-react-router.md).
 * No server rendering at request time; at build time each listed path's HTML is written with the page's
 * loading shell (its route's HydrateFallback), so the reader sees the page's top before any script runs.
 * Every other app path gets index.html, the router's starting page.
 */
export default {
  appDirectory: 'src/client/app',
  buildDirectory: 'dist/app',
  ssr: false,
  prerender: [
    paths.account.path,
    paths.refer.path,
    paths.practice.path,
    paths.admin.dashboard.path,
    // Each paid plan's checkout.
    ...PLANS.filter((plan) => plan.price > 0).map((plan) => paths.subscribe.plan.getHref(plan.id)),
  ],
} satisfies Config;
