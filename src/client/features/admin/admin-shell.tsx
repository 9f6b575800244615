import { Avatar } from '@client/components/layout/avatar';
import { LogoMark } from '@client/components/layout/brand';
import { paths } from '@client/config/paths';
import { useHydrated } from '@client/lib/use-hydrated';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME } from '@shared/brand';
import {
  ArrowLeft,
  Building2,
  ChevronDown,
  CreditCard,
  Gift,
  LayoutDashboard,
  Mail,
  ScrollText,
  Users,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useCurrentAdmin } from './api/get-admin';

const sections = [
  { to: paths.admin.dashboard.getHref(), label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.admin.users.getHref(), label: 'Users', icon: Users },
  { to: paths.admin.subscriptions.getHref(), label: 'Subscriptions', icon: CreditCard },
  { to: paths.admin.newsletter.getHref(), label: 'Newsletter', icon: Mail },
  { to: paths.admin.referrals.getHref(), label: 'Referrals', icon: Gift },
  { to: paths.admin.practices.getHref(), label: 'Practices', icon: Building2 },
  { to: paths.admin.audit.getHref(), label: 'Audit trail', icon: ScrollText },
];

const itemClass =
  'flex shrink-0 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400';

/**
 * The admin sections: a column beside the page on a wide screen; on a phone a row above it that scrolls
 * sideways, brought round to the current section whenever it changes (else on /admin/practices the row
 * would show Dashboard to Subscriptions, and not where the person is).
 */
function AdminNav() {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname marks a new current section.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    // A column does not scroll, and this changes nothing there.
    if (row && current) row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Admin" className="flex-1 pb-2 lg:px-3 lg:pb-0">
      {/* The row runs to the screen's edges, so a section beyond them shows in part: there is more.
          Its padding keeps the focus ring of the first and last in sight. */}
      <ul
        ref={list}
        className="relative flex gap-1 overflow-x-auto px-3 py-1 lg:flex-col lg:overflow-visible lg:px-0 lg:py-0"
      >
        {sections.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(itemClass, isActive ? 'bg-slate-800 text-white' : 'hover:bg-slate-800 hover:text-white')
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The menu's dropdown (Radix) is not among the modules the page's HTML preloads: it comes after the
// page, its avatar standing in meanwhile (docs/decisions/077-the-app-on-react-router.md).
const AdminUserMenu = lazy(() => import('./admin-user-menu').then((m) => ({ default: m.AdminUserMenu })));

// Only an admin who must still set up a second factor sees it; the others never load its forms.
const AdminEnrolmentPage = lazy(() =>
  import('./admin-enrolment-page').then((m) => ({ default: m.AdminEnrolmentPage })),
);

/**
 * Layout route of the admin pages. Without an admin session it shows no admin page
 * (docs/architecture.md#screens): a visitor
 * who arrives without one is sent to sign in by the page's loader (src/client/app/guards.ts); this follows
 * the session after the page has shown.
 */
export function AdminShell() {
  const { admin, isLoading } = useCurrentAdmin();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  // A session that ends here (a logout) leads to the plain login page; a visitor who arrives without
  // one is brought back to the page they asked for after signing in.
  const hadSession = useRef(false);
  if (admin) hadSession.current = true;
  // Until React runs, the page's prerendered loading shell shows in the area's bars, without the menu
  // of an admin the HTML cannot know.
  if (!hydrated || isLoading) return <AdminFrame />;
  if (!admin) {
    const to = paths.admin.login.getHref(hadSession.current ? undefined : pathname + search);
    return <Navigate to={to} replace />;
  }
  if (admin.enrolmentRequired)
    return (
      <Suspense fallback={<div className="min-h-dvh bg-slate-100" />}>
        <AdminEnrolmentPage />
      </Suspense>
    );
  return (
    <AdminFrame
      menu={
        <Suspense fallback={<AdminMenuPlaceholder username={admin.username} />}>
          <AdminUserMenu admin={admin} />
        </Suspense>
      }
    />
  );
}

/** The admin menu's button as it looks, until its code is here. */
function AdminMenuPlaceholder({ username }: { username: string }) {
  return (
    <span className="flex items-center gap-2 p-0.5 pr-2 text-sm font-medium text-slate-700">
      <Avatar username={username} size="sm" />
      <span className="hidden sm:inline">{username}</span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </span>
  );
}

/** The admin area's bars around the page: its sections, the way back to the site and the admin's menu. */
function AdminFrame({ menu }: { menu?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100 lg:flex">
      <aside className="bg-slate-900 text-slate-300 lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col">
        <p className="flex h-16 items-center gap-2 px-6 text-lg font-bold text-white">
          <LogoMark />
          {PRODUCT_NAME} Admin
        </p>
        <AdminNav />
        <div className="hidden border-t border-slate-800 p-3 lg:block">
          <NavLink to={paths.home.getHref()} className={cn(itemClass, 'hover:bg-slate-800 hover:text-white')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Site
          </NavLink>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col lg:pl-64">
        <header className="flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 sm:px-6">
          <NavLink
            to={paths.home.getHref()}
            className="flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:invisible"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Site
          </NavLink>
          {menu}
        </header>
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
