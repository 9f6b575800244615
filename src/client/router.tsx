import { PublicLayout } from '@client/components/layout/public-layout';
import { PageError, RouteError } from '@client/components/layout/route-error';
import { FullScreenSpinner, PageSpinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { ProtectedRoute } from '@client/features/auth/protected-route';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';

/** A route whose page module loads on first visit; `pick` names the page's export. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

// Every page loads on demand. Visitors who arrive at a marketing page get its prerendered HTML
// (entry-marketing.tsx); the app shows the same pages when someone navigates to them inside it.
const publicPages: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('@client/features/marketing/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: paths.auth.path,
    lazy: page(
      () => import('@client/features/auth/auth-page'),
      (m) => m.AuthPage,
    ),
  },
  {
    path: paths.forgotPassword.path,
    lazy: page(
      () => import('@client/features/auth/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: paths.resetPassword.path,
    lazy: page(
      () => import('@client/features/auth/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.verifyEmail.path,
    lazy: page(
      () => import('@client/features/auth/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: paths.pricing.path,
    lazy: page(
      () => import('@client/features/pricing/pricing-page'),
      (m) => m.PricingPage,
    ),
  },
  {
    path: paths.referralProgram.path,
    lazy: page(
      () => import('@client/features/referrals/referral-program-page'),
      (m) => m.ReferralProgramPage,
    ),
  },
  {
    path: paths.contact.path,
    lazy: page(
      () => import('@client/features/marketing/contact-page'),
      (m) => m.ContactPage,
    ),
  },
  // Open signed out: the invitation says whom it is for before the person signs in.
  {
    path: paths.practice.join.path,
    lazy: page(
      () => import('@client/features/practice/join-page'),
      (m) => m.JoinPracticePage,
    ),
  },
  {
    path: paths.newsletterUnsubscribe.path,
    lazy: page(
      () => import('@client/features/marketing/newsletter-unsubscribe-page'),
      (m) => m.NewsletterUnsubscribePage,
    ),
  },
  // Choosing no plan is choosing on the pricing page; no need to sign in first.
  { path: paths.subscribe.root.path, element: <Navigate to={paths.pricing.getHref()} replace /> },
  {
    Component: ProtectedRoute,
    children: [
      {
        path: paths.account.path,
        lazy: page(
          () => import('@client/features/account/account-page'),
          (m) => m.AccountPage,
        ),
      },
      {
        path: paths.practice.path,
        lazy: page(
          () => import('@client/features/practice/practice-page'),
          (m) => m.PracticePage,
        ),
      },
      {
        path: paths.refer.path,
        lazy: page(
          () => import('@client/features/referrals/refer-page'),
          (m) => m.ReferPage,
        ),
      },
      {
        path: paths.subscribe.success.path,
        lazy: page(
          () => import('@client/features/subscribe/subscribe-success-page'),
          (m) => m.SubscribeSuccessPage,
        ),
      },
      {
        path: paths.subscribe.plan.path,
        lazy: page(
          () => import('@client/features/subscribe/subscribe-page'),
          (m) => m.SubscribePage,
        ),
      },
    ],
  },
  {
    path: '*',
    lazy: page(
      () => import('@client/features/marketing/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

// The admin area has its own layout and no public header or footer; its code never loads for visitors.
const adminPages: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('@client/features/admin/admin-login-page'),
      (m) => m.AdminLoginPage,
    ),
  },
  {
    lazy: page(
      () => import('@client/features/admin/admin-shell'),
      (m) => m.AdminShell,
    ),
    children: [
      {
        path: paths.admin.dashboard.path,
        lazy: page(
          () => import('@client/features/admin/dashboard-page'),
          (m) => m.AdminDashboardPage,
        ),
      },
      {
        path: paths.admin.users.path,
        lazy: page(
          () => import('@client/features/admin/users-page'),
          (m) => m.AdminUsersPage,
        ),
      },
      {
        path: paths.admin.subscriptions.path,
        lazy: page(
          () => import('@client/features/admin/subscriptions-page'),
          (m) => m.AdminSubscriptionsPage,
        ),
      },
      {
        path: paths.admin.newsletter.path,
        lazy: page(
          () => import('@client/features/admin/newsletter-page'),
          (m) => m.AdminNewsletterPage,
        ),
      },
      {
        path: paths.admin.referrals.path,
        lazy: page(
          () => import('@client/features/admin/referrals-page'),
          (m) => m.AdminReferralsPage,
        ),
      },
      {
        path: paths.admin.practices.path,
        lazy: page(
          () => import('@client/features/admin/practices-page'),
          (m) => m.AdminPracticesPage,
        ),
      },
    ],
  },
];

const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        Component: PublicLayout,
        children: [
          // Keeps the header and footer on screen while a page's code loads or if it fails.
          { HydrateFallback: PageSpinner, ErrorBoundary: PageError, children: publicPages },
        ],
      },
      { path: paths.admin.login.path, HydrateFallback: FullScreenSpinner, children: adminPages },
    ],
  },
];

export const router = createBrowserRouter(routes);
