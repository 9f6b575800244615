import { PageContainer } from '@client/components/layout/page-container';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useCurrentUser } from '@client/features/auth/use-auth';
import { useTitle } from '@client/lib/use-title';
import { useSearchParams } from 'react-router';
import { SubscriptionTab } from './subscription-tab';

const TABS = ['profile', 'subscription', 'security'] as const;
type AccountTab = (typeof TABS)[number];

const isTab = (value: string | null): value is AccountTab =>
  (TABS as readonly (string | null)[]).includes(value);

/** Spec section 2: three tabs. `/account?tab=subscription` opens the Subscription tab. */
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
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList stretch>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="subscription">Subscription</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          {user ? (
            <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-600">Username</dt>
                <dd className="mt-1 font-medium text-slate-900">{user.username}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Email</dt>
                <dd className="mt-1 font-medium break-all text-slate-900">{user.email}</dd>
              </div>
            </dl>
          ) : null}
          <p className="mt-4 text-sm text-slate-600">Editing your username and email is coming soon.</p>
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionTab />
        </TabsContent>
        <TabsContent value="security">
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm">
            Changing your password is coming soon.
          </p>
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
