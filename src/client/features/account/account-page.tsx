import { PageContainer } from '@client/components/layout/page-container';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { ACCOUNT_TABS, type AccountTab, paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccountIntro } from './account-intro';
import { ListSkeleton } from './list-skeleton';
import { ProfileTab } from './profile-tab';
import { ReauthDialog } from './reauth-dialog';
import { loadedTabs, loadSecurityTab, loadSubscriptionTab } from './tab-modules';

const LazySubscriptionTab = lazy(() => loadSubscriptionTab().then((m) => ({ default: m.SubscriptionTab })));
const LazySecurityTab = lazy(() => loadSecurityTab().then((m) => ({ default: m.SecurityTab })));

const isTab = (value: string | null): value is AccountTab =>
  (ACCOUNT_TABS as readonly (string | null)[]).includes(value);

/**
 * docs/architecture.md#screens: three tabs. `/account?tab=subscription` opens the Subscription tab; the tab follows the
 * address, so the account menu's entries switch it while the page is open.
 */
export function AccountPage() {
  useTitle('My Account');
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AccountTab = isTab(requested) ? requested : 'profile';

  const selectTab = (value: string) => {
    if (!isTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <PageContainer width="narrow">
      <AccountIntro />
      {user?.practice ? (
        <p className="mt-2 text-slate-600">
          You are in{' '}
          <Link className="font-medium text-indigo-700 underline" to={paths.practice.getHref()}>
            {user.practice.name}
          </Link>
          .
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList stretch>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          {/* A tab's code is asked for as the pointer or focus comes to it, ahead of the click. */}
          <TabsTrigger
            value="subscription"
            onPointerEnter={loadSubscriptionTab}
            onFocus={loadSubscriptionTab}
          >
            Subscription
          </TabsTrigger>
          <TabsTrigger value="security" onPointerEnter={loadSecurityTab} onFocus={loadSecurityTab}>
            Security
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="subscription">
          <TabCode
            loaded={loadedTabs.subscription?.SubscriptionTab}
            lazy={LazySubscriptionTab}
            label="Loading your subscription"
          />
        </TabsContent>
        <TabsContent value="security">
          <TabCode
            loaded={loadedTabs.security?.SecurityTab}
            lazy={LazySecurityTab}
            label="Loading your security settings"
          />
        </TabsContent>
      </Tabs>
      <ReauthDialog />
    </PageContainer>
  );
}

/** A tab's code: rendered at once when loaded, else loaded with a placeholder card meanwhile. */
function TabCode({
  loaded: Loaded,
  lazy: Lazy,
  label,
}: {
  loaded?: ComponentType;
  lazy: ComponentType;
  label: string;
}) {
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<TabSkeleton label={label} />}>
      <Lazy />
    </Suspense>
  );
}

/** A tab's first card while its code loads. */
function TabSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6">
      <Skeleton className="h-6 w-48" />
      <ListSkeleton label={label} rows={3} />
    </div>
  );
}
