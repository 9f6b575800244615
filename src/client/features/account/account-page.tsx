import { PageContainer } from '@client/components/layout/page-container';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { ACCOUNT_TABS, type AccountTab, paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { Link, useSearchParams } from 'react-router';
import { ProfileTab } from './profile-tab';
import { ReauthDialog } from './reauth-dialog';
import { SecurityTab } from './security-tab';
import { SubscriptionTab } from './subscription-tab';

const isTab = (value: string | null): value is AccountTab =>
  (ACCOUNT_TABS as readonly (string | null)[]).includes(value);

/**
 * Spec section 2: three tabs. `/account?tab=subscription` opens the Subscription tab; the tab follows the
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
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
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
          <TabsTrigger value="subscription">Subscription</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
      </Tabs>
      <ReauthDialog />
    </PageContainer>
  );
}
